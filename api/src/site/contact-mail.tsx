/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { MailLayout, Quote, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

/** A contact-form message for the support address; answering it answers the sender. */
export function contactMail(
  to: string,
  message: { name: string; email: string; subject: string; message: string },
): MailMessage {
  return {
    to,
    replyTo: `"${message.name.replace(/["\\\r\n]/g, '')}" <${message.email}>`,
    subject: `Contact: ${message.subject}`,
    ...renderMail(
      <MailLayout preview={`From ${message.name}: ${message.subject}`}>
        <Text>
          From: {message.name} &lt;{message.email}&gt;
          <br />
          Subject: {message.subject}
        </Text>
        <Quote text={message.message} />
      </MailLayout>,
    ),
  };
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, MailLayout, renderMail, Text } from '@turnproof/activities/mail';
import type { Mailer } from '@turnproof/activities/mailer';

export function sendConfirmationMail(mailer: Mailer, to: string, name: string, link: string) {
  const welcome = 'Welcome to Turnproof! Please confirm your e-mail address to finish creating your account:';
  return mailer.send({
    to,
    subject: 'Confirm your Turnproof account',
    ...renderMail(
      <MailLayout preview={welcome}>
        <Text>Hi {name},</Text>
        <Text>{welcome}</Text>
        <Button href={link}>{link}</Button>
        <Text>If you did not sign up, you can ignore this message.</Text>
      </MailLayout>,
    ),
  });
}

export function sendPasswordResetMail(mailer: Mailer, to: string, link: string) {
  const asked = 'Someone asked to reset the password of your Turnproof account.';
  return mailer.send({
    to,
    subject: 'Reset your Turnproof password',
    ...renderMail(
      <MailLayout preview={asked}>
        <Text>{asked}</Text>
        <Text>Choose a new password with this link. It expires in 1 hour and works once:</Text>
        <Button href={link}>{link}</Button>
        <Text>If it was not you, ignore this message: your password stays as it is.</Text>
      </MailLayout>,
    ),
  });
}

/** Someone signed up with an address that has an account: its owner hears of it, the sign-up learns nothing. */
export function sendExistingAccountMail(mailer: Mailer, to: string, origin: string) {
  const tried = 'Someone tried to create a Turnproof account with this e-mail address, which already has one.';
  return mailer.send({
    to,
    subject: 'Your Turnproof account',
    ...renderMail(
      <MailLayout preview={tried}>
        <Text>{tried}</Text>
        <Text>
          If it was you, sign in at <a href={`${origin}/auth`}>{`${origin}/auth`}</a>, or choose a new password at{' '}
          <a href={`${origin}/password-reset`}>{`${origin}/password-reset`}</a>.
        </Text>
        <Text>If it was not you, ignore this message: nothing has changed.</Text>
      </MailLayout>,
    ),
  });
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

const TEXTS: Record<
  Language,
  {
    subject: (owner: string, period: string) => string;
    sentence: (owner: string, runs: number, total: string) => string;
    attached: string;
  }
> = {
  en: {
    subject: (owner, period) => `Your pay statement from ${owner}, ${period}`,
    sentence: (owner, runs, total) => `${owner} sent you your pay statement: ${runs} runs, ${total} in total.`,
    attached: 'The runs, hours, rates and amounts are in the attached file (CSV, opens in any spreadsheet).',
  },
  es: {
    subject: (owner, period) => `Tu liquidación de pago de ${owner}, ${period}`,
    sentence: (owner, runs, total) => `${owner} te ha enviado tu liquidación: ${runs} servicios, ${total} en total.`,
    attached:
      'Los servicios, horas, tarifas e importes están en el archivo adjunto (CSV, se abre en cualquier hoja de cálculo).',
  },
  fr: {
    subject: (owner, period) => `Votre relevé de paie de ${owner}, ${period}`,
    sentence: (owner, runs, total) =>
      `${owner} vous a envoyé votre relevé de paie : ${runs} passages, ${total} au total.`,
    attached: 'Les passages, heures, tarifs et montants sont dans le fichier joint (CSV, s’ouvre dans tout tableur).',
  },
};

/** The sent statement to the cleaner, in their language, with its CSV attached. */
export function statementMail(
  to: string,
  statement: { ownerName: string; period: string; runs: number; total: string; csv: string; fileName: string },
  language: Language,
): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.sentence(statement.ownerName, statement.runs, statement.total);
  return {
    to,
    subject: texts.subject(statement.ownerName, statement.period),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.attached}</Text>
      </MailLayout>,
    ),
    attachments: [{ filename: statement.fileName, content: Buffer.from(statement.csv), contentType: 'text/csv' }],
  };
}

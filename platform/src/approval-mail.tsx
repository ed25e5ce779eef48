/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { MailLayout, Quote, renderMail, Text } from './mail/index.ts';
import type { MailMessage } from './mailer.ts';
import type { Language } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';

interface Approval {
  propertyName: string;
  approvedAt: Date;
  /** The property's zone: the time is written in it, with its abbreviation. */
  timeZone: string;
  score: number | null;
  note: string | null;
}

const TEXTS: Record<
  Language,
  {
    subject: (property: string) => string;
    sentence: (property: string, time: string) => string;
    score: (score: number) => string;
    note: string;
    thanks: string;
  }
> = {
  en: {
    subject: (property) => `Approved: ${property}`,
    sentence: (property, time) => `The host approved your work at ${property} on ${time}.`,
    score: (score) => `Score: ${score} of 5.`,
    note: 'Host’s note:',
    thanks: 'Thank you for your work. Nothing more is needed for this run.',
  },
  es: {
    subject: (property) => `Aprobado: ${property}`,
    sentence: (property, time) => `El anfitrión aprobó tu trabajo en ${property} el ${time}.`,
    score: (score) => `Puntuación: ${score} de 5.`,
    note: 'Nota del anfitrión:',
    thanks: 'Gracias por tu trabajo. No hace falta nada más para esta visita.',
  },
  fr: {
    subject: (property) => `Approuvé : ${property}`,
    sentence: (property, time) => `L’hôte a approuvé votre travail à ${property} le ${time}.`,
    score: (score) => `Note : ${score} sur 5.`,
    note: 'Note de l’hôte :',
    thanks: 'Merci pour votre travail. Rien d’autre n’est nécessaire pour cette visite.',
  },
};

/** Tells the cleaner the host approved the run: when (the property's time), the score and the host's note. */
export function approvalMail(to: string, approval: Approval, language: Language): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.sentence(
    approval.propertyName,
    formatDateTime(approval.approvedAt, approval.timeZone, language),
  );
  return {
    to,
    subject: texts.subject(approval.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        {approval.score !== null && <Text>{texts.score(approval.score)}</Text>}
        {approval.note && (
          <>
            <Text>{texts.note}</Text>
            <Quote text={approval.note} />
          </>
        )}
        <Text>{texts.thanks}</Text>
      </MailLayout>,
    ),
  };
}

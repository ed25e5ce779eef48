/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { Button, MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

const TEXTS: Record<
  Language,
  { subject: (member: string) => string; stopped: (member: string) => string; after: string; team: string }
> = {
  en: {
    subject: (member) => `${member} stopped texts from Turnproof`,
    stopped: (member) => `${member} replied STOP to a Turnproof text, so they get no more texts from your team.`,
    after:
      'Their notices now go by e-mail when your team list has their address; without one, assign their runs to someone else. Texting START turns texts back on.',
    team: 'Open your team',
  },
  es: {
    subject: (member) => `${member} ya no recibe mensajes de Turnproof`,
    stopped: (member) =>
      `${member} respondió STOP a un mensaje de Turnproof, así que ya no recibe mensajes de tu equipo.`,
    after:
      'Sus avisos llegan ahora por correo si tu lista de equipo tiene su dirección; si no, asigna sus tareas a otra persona. Si envía START, vuelve a recibir mensajes.',
    team: 'Abrir tu equipo',
  },
  fr: {
    subject: (member) => `${member} ne reçoit plus les SMS de Turnproof`,
    stopped: (member) =>
      `${member} a répondu STOP à un message de Turnproof : plus aucun message de votre équipe ne lui est envoyé.`,
    after:
      'Ses notifications partent désormais par e-mail si votre équipe a son adresse ; sinon, confiez ses interventions à quelqu’un d’autre. En envoyant START, il ou elle les reçoit de nouveau.',
    team: 'Ouvrir votre équipe',
  },
};

/** The host hears that a team member opted out of texts by STOP, in the host's language. */
export function optedOutMail(to: string, memberName: string, teamUrl: string, language: Language): MailMessage {
  const texts = TEXTS[language];
  const sentence = texts.stopped(memberName);
  return {
    to,
    subject: texts.subject(memberName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.after}</Text>
        <Button href={teamUrl}>{texts.team}</Button>
      </MailLayout>,
    ),
  };
}

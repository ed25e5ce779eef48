/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import { Button, MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

/** The e-mails team members receive, in one place so their wording is easy to find and change. */

export { assignmentMail, propertyAccess } from '@turnproof/platform/assignment-mails';

const INVITATION_TEXTS: Record<
  Language,
  {
    roles: Record<string, string>;
    subject: (owner: string) => string;
    sentence: (owner: string, role: string) => string;
    accept: string;
    onceOnTeam: string;
    ignore: string;
  }
> = {
  en: {
    roles: { Cleaner: 'cleaner', 'Co-host': 'co-host' },
    subject: (owner) => `${owner} invited you to their Turnproof team`,
    sentence: (owner, role) => `${owner} invited you to join their team on Turnproof as a ${role}.`,
    accept: 'Accept the invitation with this link (it works for 14 days):',
    onceOnTeam:
      'Once you are on the team, the inspections assigned to you arrive by e-mail with their checklist link; no account is needed.',
    ignore: 'If you do not know the sender, you can ignore this message.',
  },
  es: {
    roles: { Cleaner: 'limpiador', 'Co-host': 'coanfitrión' },
    subject: (owner) => `${owner} te ha invitado a su equipo de Turnproof`,
    sentence: (owner, role) => `${owner} te ha invitado a unirte a su equipo en Turnproof como ${role}.`,
    accept: 'Acepta la invitación con este enlace (funciona durante 14 días):',
    onceOnTeam:
      'Cuando estés en el equipo, las inspecciones que te asignen te llegarán por correo con su enlace de la lista de tareas; no hace falta cuenta.',
    ignore: 'Si no conoces al remitente, puedes ignorar este mensaje.',
  },
  fr: {
    roles: { Cleaner: 'agent de ménage', 'Co-host': 'co-hôte' },
    subject: (owner) => `${owner} vous invite dans son équipe Turnproof`,
    sentence: (owner, role) => `${owner} vous invite à rejoindre son équipe sur Turnproof comme ${role}.`,
    accept: 'Acceptez l’invitation avec ce lien (valable 14 jours) :',
    onceOnTeam:
      'Une fois dans l’équipe, vous recevrez par e-mail les inspections qui vous sont confiées, avec leur lien de checklist ; aucun compte n’est nécessaire.',
    ignore: 'Si vous ne connaissez pas l’expéditeur, vous pouvez ignorer ce message.',
  },
};

/** The invitation, in the language the member will read (`cleanerLanguage`: the host's until they open a run). */
export function invitationMail(
  to: string,
  invite: { ownerName: string; role: string; link: string },
  language: Language = 'en',
): MailMessage {
  const texts = INVITATION_TEXTS[language];
  const sentence = texts.sentence(invite.ownerName, texts.roles[invite.role] ?? invite.role.toLowerCase());
  return {
    to,
    subject: texts.subject(invite.ownerName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.accept}</Text>
        <Button href={invite.link}>{invite.link}</Button>
        <Text>{texts.onceOnTeam}</Text>
        <Text>{texts.ignore}</Text>
      </MailLayout>,
    ),
  };
}

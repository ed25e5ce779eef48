import type { Language } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';
import { ASSIGNMENT_MAIL_TEXTS } from '../assignment-mail-texts.ts';
import { fitTwoSegments } from './sms-length.ts';

type Kind = 'turnover' | 'move_in' | 'move_out';

/** The run a text is about, its time in the property's zone. */
export interface TextedRun {
  propertyName: string;
  kind: Kind;
  dueAt: Date | null;
  timeZone?: string;
}

// What only texts say; the rest is the assignment mails' own sentences, so a text and a mail never disagree.
const SMS_ONLY = {
  en: {
    replyPrompt: 'Reply 1 to accept, 2 to decline.',
    invited: (owner: string, link: string) => `${owner} invited you to their Turnproof team. Join here: ${link}`,
    revision: (tasks: number, property: string, link: string) =>
      `The host sent ${tasks === 1 ? 'a task' : `${tasks} tasks`} at ${property} back for revision: ${link}`,
    approved: (property: string) => `The host approved your work at ${property}. Thank you!`,
    joined: (owner: string, link: string) =>
      `You joined ${owner}'s team. Your jobs are on your schedule (keep the link to yourself): ${link}`,
  },
  es: {
    replyPrompt: 'Responde 1 para aceptar, 2 para rechazar.',
    invited: (owner: string, link: string) => `${owner} te ha invitado a su equipo de Turnproof. Únete aquí: ${link}`,
    revision: (tasks: number, property: string, link: string) =>
      `El anfitrión te ha devuelto ${tasks === 1 ? 'una tarea' : `${tasks} tareas`} en ${property} para revisar: ${link}`,
    approved: (property: string) => `El anfitrión aprobó tu trabajo en ${property}. ¡Gracias!`,
    joined: (owner: string, link: string) =>
      `Te uniste al equipo de ${owner}. Tus trabajos están en tu agenda (no compartas el enlace): ${link}`,
  },
  fr: {
    replyPrompt: 'Répondez 1 pour accepter, 2 pour refuser.',
    invited: (owner: string, link: string) =>
      `${owner} vous invite dans son équipe Turnproof. Rejoignez-la ici : ${link}`,
    revision: (tasks: number, property: string, link: string) =>
      `L’hôte vous a renvoyé ${tasks === 1 ? 'une tâche' : `${tasks} tâches`} à ${property} à revoir : ${link}`,
    approved: (property: string) => `L’hôte a approuvé votre travail à ${property}. Merci !`,
    joined: (owner: string, link: string) =>
      `Vous avez rejoint l’équipe de ${owner}. Vos interventions sont sur votre planning (gardez le lien pour vous) : ${link}`,
  },
} satisfies Record<Language, unknown>;

function inLanguage(run: TextedRun, language: Language) {
  const texts = ASSIGNMENT_MAIL_TEXTS[language];
  const time = run.dueAt ? formatDateTime(run.dueAt, run.timeZone, language) : null;
  return { texts, theKind: texts.theKinds[run.kind], time, due: time ? texts.due(time) : '' };
}

/**
 * The texts a cleaner gets on their phone, short (two SMS segments at most: `fitTwoSegments`) and in their
 * language: each carries the link it is about, and the ones that ask say how to answer.
 */
export const cleanerTexts = {
  assigned(run: TextedRun & { ownerName: string; magicLink: string }, language: Language): string {
    const { texts, theKind, due } = inLanguage(run, language);
    return fitTwoSegments(
      `${texts.assigned(run.ownerName, theKind, run.propertyName)}${due} ${run.magicLink} ${SMS_ONLY[language].replyPrompt}`,
    );
  },
  reminder(run: TextedRun & { dueAt: Date; magicLink: string }, language: Language): string {
    const { texts, theKind, time } = inLanguage(run, language);
    return fitTwoSegments(`${texts.reminder(theKind, run.propertyName, time!)} ${run.magicLink}`);
  },
  handedOver(run: TextedRun & { backupName: string }, language: Language): string {
    const { texts, theKind } = inLanguage(run, language);
    return fitTwoSegments(
      `${texts.handedOver(theKind, run.propertyName, run.backupName)} ${texts.handedOverLink(run.backupName)}`,
    );
  },
  canceled(run: TextedRun, language: Language): string {
    const { texts, theKind, time } = inLanguage(run, language);
    return fitTwoSegments(`${texts.canceled(theKind, run.propertyName, time)} ${texts.canceledLink}`);
  },
  rescheduled(run: TextedRun & { dueAt: Date; magicLink: string }, language: Language): string {
    const { texts, theKind, time } = inLanguage(run, language);
    return fitTwoSegments(`${texts.rescheduled(theKind, run.propertyName, time!)} ${run.magicLink}`);
  },
  /** The tasks the host sent back, with the link that opens them again. */
  revision: (revision: { propertyName: string; tasks: number; magicLink: string }, language: Language) =>
    fitTwoSegments(SMS_ONLY[language].revision(revision.tasks, revision.propertyName, revision.magicLink)),
  approved: (propertyName: string, language: Language) => fitTwoSegments(SMS_ONLY[language].approved(propertyName)),
  /** On joining: the member's schedule link. */
  joined: (ownerName: string, scheduleLink: string, language: Language) =>
    fitTwoSegments(SMS_ONLY[language].joined(ownerName, scheduleLink)),
  invited: (ownerName: string, link: string, language: Language) =>
    fitTwoSegments(SMS_ONLY[language].invited(ownerName, link)),
};

import type { Language } from '@turnproof/config/languages';

type Kind = 'turnover' | 'move_in' | 'move_out';

/** First letter up: a kind with its article ('la rotation') opening a sentence. */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The sentences of the mails a cleaner gets about a run assigned to them, in the cleaner's language
 * (`cleanerLanguage`). `time` is already formatted in that language; `kind` is bare ('turnover'), `theKind`
 * has the article the language needs inside a sentence ('la rotación', 'l’inspection d’entrée').
 */
const en = {
  kinds: { turnover: 'turnover', move_in: 'move-in inspection', move_out: 'move-out inspection' } as Record<
    Kind,
    string
  >,
  theKinds: {
    turnover: 'the turnover',
    move_in: 'the move-in inspection',
    move_out: 'the move-out inspection',
  } as Record<Kind, string>,
  due: (time: string) => ` It is due ${time}.`,
  assignedSubject: (kind: string, property: string) => `New ${kind} at ${property}`,
  assigned: (owner: string, theKind: string, property: string) => `${owner} assigned you ${theKind} at ${property}.`,
  accessCode: 'Access code:',
  propertyNotes: 'Property notes:',
  openChecklist: 'Open the checklist on your phone with this link (no account needed):',
  handedOverSubject: (property: string, kind: string, backup: string) => `${property} ${kind} passed to ${backup}`,
  handedOver: (theKind: string, property: string, backup: string) =>
    `${capitalized(theKind)} at ${property} had not started in time, so it now goes to ${backup}.`,
  handedOverLink: (backup: string) =>
    `${backup} has a new checklist link for it, and the link you had no longer opens it. You do not need to go.`,
  canceledSubject: (kind: string, property: string) => `Canceled: ${kind} at ${property}`,
  canceled: (theKind: string, property: string, time: string | null) =>
    `${capitalized(theKind)} at ${property}${time ? ` due ${time}` : ''} is canceled: the booking behind it was cancelled.`,
  canceledLink: 'Its checklist link no longer works. You do not need to go.',
  rescheduledSubject: (kind: string, property: string) => `New time: ${kind} at ${property}`,
  rescheduled: (theKind: string, property: string, time: string) =>
    `${capitalized(theKind)} at ${property} is now due ${time}: the booking behind it changed.`,
  rescheduledLink: 'Your checklist link stays the same:',
  reminder: (theKind: string, property: string, time: string) =>
    `${capitalized(theKind)} at ${property} assigned to you is due at ${time} and has not started yet.`,
  reminderLink: (property: string) =>
    `Open the checklist with the link in your assignment e-mail for ${property}; no account is needed.`,
};

export type AssignmentMailTexts = typeof en;

const es: AssignmentMailTexts = {
  kinds: { turnover: 'rotación', move_in: 'inspección de entrada', move_out: 'inspección de salida' },
  theKinds: { turnover: 'la rotación', move_in: 'la inspección de entrada', move_out: 'la inspección de salida' },
  due: (time) => ` Hora límite: ${time}.`,
  assignedSubject: (kind, property) => `Nueva ${kind} en ${property}`,
  assigned: (owner, theKind, property) => `${owner} te ha asignado ${theKind} en ${property}.`,
  accessCode: 'Código de acceso:',
  propertyNotes: 'Notas de la propiedad:',
  openChecklist: 'Abre la lista de tareas en tu móvil con este enlace (no hace falta cuenta):',
  handedOverSubject: (property, kind, backup) => `${property}: la ${kind} pasa a ${backup}`,
  handedOver: (theKind, property, backup) =>
    `${capitalized(theKind)} en ${property} no había empezado a tiempo, así que ahora pasa a ${backup}.`,
  handedOverLink: (backup) =>
    `${backup} tiene un nuevo enlace de la lista de tareas y el enlace que tenías ya no la abre. No hace falta que vayas.`,
  canceledSubject: (kind, property) => `Cancelada: ${kind} en ${property}`,
  canceled: (theKind, property, time) =>
    `${capitalized(theKind)} en ${property}${time ? ` con hora límite el ${time}` : ''} se ha cancelado: se canceló la reserva correspondiente.`,
  canceledLink: 'Su enlace de la lista de tareas ya no funciona. No hace falta que vayas.',
  rescheduledSubject: (kind, property) => `Nueva hora: ${kind} en ${property}`,
  rescheduled: (theKind, property, time) =>
    `${capitalized(theKind)} en ${property} tiene ahora como hora límite el ${time}: cambió la reserva correspondiente.`,
  rescheduledLink: 'Tu enlace de la lista de tareas sigue siendo el mismo:',
  reminder: (theKind, property, time) =>
    `${capitalized(theKind)} en ${property} que tienes asignada tiene como hora límite el ${time} y aún no ha empezado.`,
  reminderLink: (property) =>
    `Abre la lista de tareas con el enlace de tu correo de asignación de ${property}; no hace falta cuenta.`,
};

const fr: AssignmentMailTexts = {
  kinds: { turnover: 'rotation', move_in: 'inspection d’entrée', move_out: 'inspection de sortie' },
  theKinds: { turnover: 'la rotation', move_in: 'l’inspection d’entrée', move_out: 'l’inspection de sortie' },
  due: (time) => ` Échéance : ${time}.`,
  assignedSubject: (kind, property) => `Nouvelle ${kind} à ${property}`,
  assigned: (owner, theKind, property) => `${owner} vous a confié ${theKind} à ${property}.`,
  accessCode: 'Code d’accès :',
  propertyNotes: 'Notes sur le logement :',
  openChecklist: 'Ouvrez la checklist sur votre téléphone avec ce lien (aucun compte nécessaire) :',
  handedOverSubject: (property, kind, backup) => `${property} : la ${kind} passe à ${backup}`,
  handedOver: (theKind, property, backup) =>
    `${capitalized(theKind)} à ${property} n’avait pas commencé à temps, elle passe donc à ${backup}.`,
  handedOverLink: (backup) =>
    `${backup} a reçu un nouveau lien de checklist, et votre lien ne l’ouvre plus. Vous n’avez pas besoin d’y aller.`,
  canceledSubject: (kind, property) => `Annulée : ${kind} à ${property}`,
  canceled: (theKind, property, time) =>
    `${capitalized(theKind)} à ${property}${time ? ` prévue le ${time}` : ''} est annulée : la réservation correspondante a été annulée.`,
  canceledLink: 'Son lien de checklist ne fonctionne plus. Vous n’avez pas besoin d’y aller.',
  rescheduledSubject: (kind, property) => `Nouvel horaire : ${kind} à ${property}`,
  rescheduled: (theKind, property, time) =>
    `${capitalized(theKind)} à ${property} est désormais à faire avant le ${time} : la réservation correspondante a changé.`,
  rescheduledLink: 'Votre lien de checklist reste le même :',
  reminder: (theKind, property, time) =>
    `${capitalized(theKind)} à ${property} qui vous est confiée est à faire avant le ${time} et n’a pas encore commencé.`,
  reminderLink: (property) =>
    `Ouvrez la checklist avec le lien de votre e-mail d’attribution pour ${property} ; aucun compte n’est nécessaire.`,
};

export const ASSIGNMENT_MAIL_TEXTS: Record<Language, AssignmentMailTexts> = { en, es, fr };

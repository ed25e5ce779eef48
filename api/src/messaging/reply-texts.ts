import type { Language } from '@turnproof/config/languages';

/** The short answers to a cleaner's text reply, in the cleaner's language (one SMS segment each). */
const en = {
  accepted: (property: string) =>
    `Thanks! You are confirmed for ${property}. Your checklist link is in the first message.`,
  declined: (property: string, host: string) =>
    `Thanks for letting us know. ${host} will find someone else for ${property}.`,
  askAgain: (property: string) => `Reply 1 to accept ${property} or 2 to decline.`,
  nothingOpen: 'There is no turnover waiting for your answer. Reply HELP for help.',
  help: (host: string) => `Turnproof texts for ${host}: turnover links and reminders. Reply STOP to stop texts.`,
  optedIn: (host: string) => `You will get texts from ${host} again. Reply STOP to stop.`,
};

export type ReplyTexts = typeof en;

const es: ReplyTexts = {
  accepted: (property) => `¡Gracias! Tienes confirmada ${property}. El enlace de tu lista está en el primer mensaje.`,
  declined: (property, host) => `Gracias por avisar. ${host} buscará a otra persona para ${property}.`,
  askAgain: (property) => `Responde 1 para aceptar ${property} o 2 para rechazarla.`,
  nothingOpen: 'No hay ninguna limpieza esperando tu respuesta. Responde AYUDA para obtener ayuda.',
  help: (host) =>
    `Turnproof envía mensajes de ${host}: enlaces y recordatorios de limpiezas. Responde STOP para no recibir más.`,
  optedIn: (host) => `Volverás a recibir mensajes de ${host}. Responde STOP para dejar de recibirlos.`,
};

const fr: ReplyTexts = {
  accepted: (property) => `Merci ! ${property} vous est confirmé. Le lien de votre liste est dans le premier message.`,
  declined: (property, host) => `Merci de nous avoir prévenus. ${host} trouvera quelqu'un d'autre pour ${property}.`,
  askAgain: (property) => `Répondez 1 pour accepter ${property} ou 2 pour refuser.`,
  nothingOpen: 'Aucun ménage n’attend votre réponse. Répondez AIDE pour obtenir de l’aide.',
  help: (host) =>
    `Turnproof envoie les messages de ${host} : liens et rappels de ménage. Répondez STOP pour ne plus en recevoir.`,
  optedIn: (host) => `Vous recevrez à nouveau les messages de ${host}. Répondez STOP pour arrêter.`,
};

export const replyTexts: Record<Language, ReplyTexts> = { en, es, fr };

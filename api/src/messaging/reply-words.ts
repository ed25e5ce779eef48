/** What a cleaner's text reply means. */
export type ReplyMeaning = 'accept' | 'decline' | 'opt_out' | 'opt_in' | 'help';

// Twilio's own opt-out and opt-in keywords (carriers require honouring them), then the run's answers in
// the three languages Turnproof writes in. START/UNSTOP opt back in; YES accepts (it is the run's answer).
const MEANINGS: Record<string, ReplyMeaning> = {
  STOP: 'opt_out',
  STOPALL: 'opt_out',
  UNSUBSCRIBE: 'opt_out',
  CANCEL: 'opt_out',
  END: 'opt_out',
  QUIT: 'opt_out',
  REVOKE: 'opt_out',
  OPTOUT: 'opt_out',
  START: 'opt_in',
  UNSTOP: 'opt_in',
  HELP: 'help',
  INFO: 'help',
  AYUDA: 'help',
  AIDE: 'help',
  '1': 'accept',
  YES: 'accept',
  Y: 'accept',
  SI: 'accept',
  OUI: 'accept',
  '2': 'decline',
  NO: 'decline',
  N: 'decline',
  NON: 'decline',
};

/**
 * The meaning of a reply such as "Sí!", " oui " or "2", or null for anything else: the first word,
 * upper-cased, without accents or punctuation.
 */
export function meaningOf(body: string): ReplyMeaning | null {
  const word = body
    .trim()
    .split(/\s+/)[0]!
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
  return MEANINGS[word] ?? null;
}

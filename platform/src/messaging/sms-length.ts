/** GSM 03.38's basic alphabet: a text of only these (and the extension's) goes 160 characters a segment. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each counts as two characters. */
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

const isGsm = (text: string) => [...text].every((char) => GSM_BASIC.has(char) || GSM_EXTENDED.has(char));

/** How many SMS segments a text takes: GSM-7 (160, or 153 each when split), else UCS-2 (70, or 67 each). */
export function smsSegments(text: string): number {
  if (isGsm(text)) {
    const septets = [...text].reduce((sum, char) => sum + (GSM_EXTENDED.has(char) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

const LOOKALIKES: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  œ: 'oe',
  Œ: 'OE',
};

/** A character outside GSM-7 as its nearest GSM-7 spelling: 'ó' as 'o', '’' as "'"; unchanged when none. */
function toGsm(char: string): string {
  if (GSM_BASIC.has(char) || GSM_EXTENDED.has(char)) return char;
  const lookalike = LOOKALIKES[char];
  if (lookalike) return lookalike;
  const base = char.normalize('NFD').replace(/\p{M}/gu, '');
  return isGsm(base) ? base : char;
}

/**
 * A text that fits two SMS segments: as written when it does; else spelled in GSM-7 (accents GSM-7 lacks
 * dropped, as Spanish and French texts commonly are), which more than doubles what two segments hold.
 */
export function fitTwoSegments(text: string): string {
  return smsSegments(text) <= 2 ? text : [...text].map(toGsm).join('');
}

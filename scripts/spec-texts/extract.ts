// The spec's user-facing texts, and where the code says them. Used by `npm run spec:texts` and its test.
//
// The rule for what counts as a user-facing text: the spec quotes every text a person reads in single
// quotes ('Offline mode'). A quote opens after the start of a line, a space, '(' or '/', and closes before
// the end of a line, a space or punctuation; an apostrophe between two letters (You're) never opens or
// closes one. Of the quoted strings, a text is one with a letter in it that starts with a capital letter or
// holds a space: that keeps 'Back online' and 'Admin' and drops values such as 'admin', 'deep' or '99+'.
// Placeholders are `{name}`, a lone N, X or Y, `(done/total)` and a trailing `: ...` (the rest of a message).
// A text is found when it appears in a string literal, a template literal or the text of a JSX element of
// the product's sources (comments and identifiers do not count); see `textPattern`.

const OPENERS = new Set([' ', '\t', '(', '/', '"']);
const CLOSERS = new Set([' ', '\t', ',', ';', '.', ':', ')', '?', '!', '"']);
const LETTER = /\p{L}/u;

/** Every single-quoted string of a markdown text, in order of appearance, without duplicates. */
export function quotedStrings(markdown: string): string[] {
  const found: string[] = [];
  for (const line of markdown.split('\n')) {
    let open = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== "'") continue;
      const before = i === 0 ? ' ' : line[i - 1]!;
      const after = i + 1 >= line.length ? ' ' : line[i + 1]!;
      const inWord = LETTER.test(before) && LETTER.test(after);
      if (inWord) continue;
      if (open < 0) {
        if (OPENERS.has(before) && after !== ' ') open = i;
      } else if (CLOSERS.has(after) && i > open + 1) {
        found.push(line.slice(open + 1, i));
        open = -1;
      }
    }
  }
  return [...new Set(found)];
}

/** Whether a quoted string is a text a person reads (see the rule above). */
export function isUserFacing(quoted: string): boolean {
  if (!LETTER.test(quoted)) return false;
  return /^\p{Lu}/u.test(quoted) || /\s/.test(quoted.trim());
}

const PLACEHOLDER = /\{[^}]*\}|\b[NXY]\b/g;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/**
 * A pattern for a text in the product's literals (one literal a line, `{}` for each interpolation): the
 * text's literal pieces in order, an interpolation in place of each placeholder, not inside a longer word; a text
 * of a single word (placeholders aside) must be the whole literal, or its start before an interpolation
 * ('Until {}'), so that 'Error' is not found in 'Error loading properties' nor 'Run {status}' in 'Run {} ·'.
 */
export function textPattern(text: string): RegExp {
  // 'Task sync failed: {status} {text}': the code composes '{head}: {detail}', so the head is the text.
  const composed = /^(.*?):(?:\s*\{[^}]*\})+$/.exec(text.trim());
  const pieces = normalise(composed ? composed[1]! : text)
    .trim()
    .replace(/:? \.\.\.$/, '')
    .replace(/\(([a-z]+)\/([a-z]+)\)/g, '({$1}/{$2})')
    .split(PLACEHOLDER)
    .map(escape);
  // A placeholder stands for an interpolation (`{}` in the literals), not for any words.
  const body = pieces.join('\\{\\}');
  if (!/\s/.test(text.replace(PLACEHOLDER, '').trim())) {
    return new RegExp(`^\\s*${body}[:.!]?\\s*(\\{\\}.*)?$`, 'mu');
  }
  return new RegExp(`(?<!\\p{L})${body}(?!\\p{L})`, 'u');
}

/** One spelling for what code and spec write differently: typographic quotes, ellipses, spaces, entities. */
export function normalise(text: string): string {
  return text
    .replace(/\\'/g, "'")
    .replace(/&apos;|&#39;|[\u2018\u2019]/g, "'")
    .replace(/\u2026/g, '...')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ');
}

/** The user-facing texts of the spec documents, in order, without duplicates. */
export function specTexts(documents: string[]): string[] {
  return [...new Set(documents.flatMap((doc) => quotedStrings(doc)).filter(isUserFacing))];
}

/** Whether the text appears in the product's literals (see `textPattern`). */
export function appearsIn(literals: string, text: string): boolean {
  return textPattern(text).test(literals);
}

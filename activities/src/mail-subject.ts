/** Longest subject we send; typed names beyond it are cut. */
export const MAX_SUBJECT_LENGTH = 120;

// Anything a mail client would turn into a link: scheme URLs, www. addresses, bare host names (evil.example/x).
const LINK_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b(?:[/?#]\S*)?/gi;

/**
 * A subject that carries owner-typed text (display names, property names) safely: no line breaks (no
 * header tricks, nothing that looks like a second line) and no links, so our From address never carries
 * "verify at http://evil.example" in a subject. Whitespace is collapsed and the length capped.
 */
export function safeSubject(subject: string): string {
  const cleaned = subject
    .replace(/[\r\n\t\u2028\u2029\u0085]+/g, ' ')
    .replace(LINK_LIKE, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_SUBJECT_LENGTH ? `${cleaned.slice(0, MAX_SUBJECT_LENGTH - 1).trimEnd()}…` : cleaned;
}

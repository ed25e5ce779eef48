import { LINK_LIKE } from './mail/typed-links.ts';

/** Longest subject we send; typed names beyond it are cut. */
export const MAX_SUBJECT_LENGTH = 120;

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

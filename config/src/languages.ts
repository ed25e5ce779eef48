/**
 * The languages of the console and of the mails to hosts, each named in itself (what Settings' picker lists).
 * English is the reference and the fallback.
 */
export const LANGUAGES = { en: 'English', es: 'Español', fr: 'Français' } as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [Language, ...Language[]];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The first of a browser's languages we speak ('es-ES' → es), if any. */
export function firstSpoken(languages: readonly (string | null | undefined)[]): Language | undefined {
  for (const language of languages) {
    const base = language?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** The first of a browser's languages we speak, else English. */
export const pickLanguage = (languages: readonly (string | null | undefined)[]): Language =>
  firstSpoken(languages) ?? 'en';

/** The languages of an Accept-Language header, in the order it lists them (weights are listed in order in practice). */
export const acceptedLanguages = (header: string | null | undefined): string[] =>
  (header ?? '').split(',').map((part) => part.split(';')[0]?.trim() ?? '');

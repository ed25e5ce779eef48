import { type Language, LANGUAGES } from '@turnproof/config/languages';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en.ts';

/** Each language's messages once loaded: react-admin's own and the console's. English is always there. */
const loaded: Partial<Record<Language, TranslationMessages>> = { en: { ...englishMessages, ...en } };

/** Loads a language's messages (Spanish and French are chunks of their own, fetched when needed). */
export async function loadMessages(language: Language): Promise<TranslationMessages> {
  const known = loaded[language];
  if (known) return known;
  const messages = language === 'es' ? (await import('./es.ts')).messages : (await import('./fr.ts')).messages;
  loaded[language] = messages;
  return messages;
}

/** Puts a language's messages in place without a download (the server's render bundles them all). */
export function registerMessages(language: Language, messages: TranslationMessages): void {
  loaded[language] = messages;
}

const locales = Object.entries(LANGUAGES).map(([locale, name]) => ({ locale, name }));

/** react-admin's translator, starting in a language whose messages are loaded (loadMessages first). */
export function createI18nProvider(initial: Language): I18nProvider {
  return polyglotI18nProvider(
    (locale) => loaded[locale as Language] ?? loadMessages(locale as Language),
    initial,
    locales,
  );
}

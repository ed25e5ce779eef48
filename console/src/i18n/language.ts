import { type Language, isLanguage, pickLanguage } from '@turnproof/config/languages';
import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import { localStorageStore } from 'react-admin';

/** react-admin's store, kept in localStorage: the locale (react-admin's 'locale' key) is one of its items. */
export const consoleStore = localStorageStore();

const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language the API rendered the page's first screen in (api/src/http/page-language.ts), when it served one. */
function servedLanguage(): string | undefined {
  const text = document.getElementById('console-state')?.textContent;
  return text ? (JSON.parse(text) as { language?: string }).language : undefined;
}

/**
 * The console's first language: the one the server rendered the page in (the owner's, or the browser's),
 * else the one chosen on this device, else the first of the browser's languages we speak. Written to the
 * store so react-admin starts in it without a first render in another language.
 */
export function startingLanguage(): Language {
  const served = servedLanguage();
  const stored = consoleStore.getItem<string>('locale');
  const language = isLanguage(served)
    ? served
    : isLanguage(stored)
      ? stored
      : pickLanguage(navigator.languages.length ? navigator.languages : [navigator.language]);
  consoleStore.setItem('locale', language);
  applyLanguage(language);
  return language;
}

/** The page's lang attribute, and the cookie the API renders the next first screen with. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.cookie = `${PAGE_COOKIES.language}=${language}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
}

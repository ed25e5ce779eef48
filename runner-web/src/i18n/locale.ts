import { useSyncExternalStore } from 'react';
import { en, es, fr, type Messages } from './messages.ts';

/** The runner's languages, each named in itself (what the header's switch lists). */
export const LOCALES = { en: 'English', es: 'Español', fr: 'Français' } as const;
export type Locale = keyof typeof LOCALES;

const DICTIONARIES: Record<Locale, Messages> = { en, es, fr };
/** The cleaner's choice in the header, kept on this device (and in a cookie, for the server's first render). */
export const LOCALE_STORAGE_KEY = 'turnproof-runner-language';
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in LOCALES;

/** The stored choice, else the first of the browser's languages we speak ('es-ES' → es), else English. */
export function pickLocale(stored: string | null, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** The language the server renders a page in: the cookie of the header's switch, else Accept-Language's first we speak. */
export function localeOfRequest(cookie: string | null, acceptLanguage: string | null): Locale {
  const languages = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]?.trim() ?? '');
  return pickLocale(cookie, languages);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled: the browser's language it is
  }
}

let current: Locale = pickLocale(
  readStored(),
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
);
const listeners = new Set<() => void>();

function apply(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
apply(current);

export const currentLocale = (): Locale => current;

/** The texts of the current language; for code outside components (toasts shown on events). */
export const messages = (): Messages => DICTIONARIES[current];

/**
 * The language of the first render, without remembering it: the server's render, and the browser's
 * hydration of it (which must render the same texts).
 */
export function startLocale(locale: Locale): void {
  current = locale;
  apply(locale);
}

/** Switches the language everywhere and remembers it. */
export function setLocale(locale: Locale): void {
  if (locale === current) return;
  startLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // not remembered, still switched
  }
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language's texts; the component renders again when the language changes. */
export function useMessages(): Messages {
  return DICTIONARIES[useLocale()];
}

export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

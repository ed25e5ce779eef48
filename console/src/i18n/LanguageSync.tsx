import { isLanguage } from '@turnproof/config/languages';
import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { Session } from '../auth/session.ts';
import { applyLanguage } from './language.ts';

/**
 * Keeps the console in the owner's language: when the session brings one (chosen in Settings, maybe on
 * another device) the console switches to it; an owner without one (older accounts, Google sign-ups) gets
 * the console's current language saved, so their mails match what they read.
 */
export function LanguageSync({ session }: { session: Session }) {
  const [locale, setLocale] = useLocaleState();
  const ownerLanguage = session.profile ? (session.profile.language ?? null) : undefined;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    // Only a change of the owner's language counts: the picker switches first and saves after.
    if (ownerLanguage === undefined || ownerLanguage === seen.current) return;
    seen.current = ownerLanguage;
    if (isLanguage(ownerLanguage)) {
      if (ownerLanguage !== locale) setLocale(ownerLanguage);
    } else if (isLanguage(locale)) {
      void apiJson('/profile', { method: 'PUT', body: { language: locale } }).catch(() => undefined);
    }
  }, [ownerLanguage, locale, setLocale]);
  useEffect(() => {
    if (isLanguage(locale)) applyLanguage(locale);
  }, [locale]);
  return null;
}

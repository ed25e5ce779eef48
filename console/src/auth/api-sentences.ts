import { useCallback } from 'react';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

/**
 * The API's sign-in and password sentences (api/src/auth/auth-service.ts: `messages`, signInGreeting),
 * which it says in English, by the message that says them in the console's language.
 */
const API_SENTENCES: Record<string, MessageKey> = {
  'Welcome back!': 'auth.welcomeBack',
  'Welcome to Turnproof!': 'auth.welcomeNew',
  'Invalid email or password. Please check your credentials and try again.': 'auth.invalidCredentials',
  'Please check your email and click the confirmation link before signing in.': 'auth.unconfirmed',
  'An account with this email already exists. Please sign in instead.': 'auth.duplicateEmail',
  'This password reset link is invalid. Please request a new one.': 'passwordReset.linkInvalid',
  'This password reset link has expired. Please request a new one.': 'passwordReset.linkExpired',
  'This password reset link has already been used. Please request a new one.': 'passwordReset.linkUsed',
  'Current password incorrect': 'changePassword.currentIncorrect',
};

/** Says a sentence of the API in the console's language when it is one of the known ones, else as it came. */
export function useApiSentence() {
  const t = useT();
  return useCallback(
    (sentence: string) => {
      const key = API_SENTENCES[sentence];
      return key ? t(key) : sentence;
    },
    [t],
  );
}

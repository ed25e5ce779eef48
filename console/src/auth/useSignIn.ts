import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

/** The API's greetings (signInGreeting, api/src/auth/auth-service.ts), said in the console's language. */
const GREETINGS: Record<string, MessageKey> = {
  'Welcome back!': 'auth.welcomeBack',
  'Welcome to Turnproof!': 'auth.welcomeNew',
};

/**
 * Signs in and opens /onboarding (which sends onboarded owners on to /dashboard). Answers cached while
 * signed out (react-admin's checkAuth, the session) are dropped first: a stale 'signed out' would
 * otherwise send the new session straight to sign-out.
 */
export function useSignIn() {
  const t = useT();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** Answers the server's greeting for the toast. */
  return async (credentials: { email: string; password: string }): Promise<string> => {
    const greeting: unknown = await authProvider?.login(credentials);
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: ['session'] });
    navigate('/onboarding');
    if (typeof greeting !== 'string') return t('auth.signedIn');
    const known = GREETINGS[greeting];
    return known ? t(known) : greeting;
  };
}

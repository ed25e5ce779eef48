import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';

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
  /** Answers the server's greeting for the toast, in the console's language. */
  return async (credentials: { email: string; password: string }): Promise<string> => {
    const greeting: unknown = await authProvider?.login(credentials);
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: ['session'] });
    navigate('/onboarding');
    if (greeting === 'welcome_back') return t('auth.welcomeBack');
    return greeting === 'welcome_new' ? t('auth.welcomeNew') : t('auth.signedIn');
  };
}

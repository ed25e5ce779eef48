import type { AuthProvider } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { clearStoredData } from './clear-stored-data.ts';
import { forgetSession, getSession } from './session.ts';

export const AUTH_PATH = '/auth';
/** The query /auth is opened with after a sign-out the server did not confirm. */
const SIGN_OUT_FAILED = 'signout=failed';

/** Everything the console keeps in the browser; sign-out removes it even when the server is unreachable. */
export function clearLocalData(): void {
  clearStoredData();
  forgetSession();
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** react-admin's door to /api/auth/*: the session is an HttpOnly cookie, so the browser holds no token. */
export const authProvider: AuthProvider = {
  /** Answers the server's greeting code: welcome_new on a first sign-in, welcome_back after that. */
  async login({ email, password }: { email: string; password: string }): Promise<string> {
    forgetSession();
    const answer = await apiJson<{ greeting: string }>('/auth/login', { method: 'POST', body: { email, password } });
    return answer.greeting;
  },

  /** The spec's sign-out is global: every Sign Out button ends every session of the account. */
  async logout() {
    let failed = false;
    try {
      await apiJson('/auth/logout', { method: 'POST', body: { everywhere: true } });
    } catch {
      // The spec: a failed global sign-out still clears local data and goes to /auth, which says so.
      failed = true;
    }
    clearLocalData();
    return failed ? `${AUTH_PATH}?${SIGN_OUT_FAILED}` : AUTH_PATH;
  },

  async checkAuth() {
    const { user } = await getSession();
    if (!user) throw { redirectTo: AUTH_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forgetSession();
      throw { redirectTo: AUTH_PATH, message: false };
    }
    // 403 (plan limits, features) and 404 are answers to show, not reasons to sign out.
  },

  async getIdentity() {
    const { user, profile } = await getSession();
    if (!user) throw new Error('Authentication required');
    const fullName = profile?.display_name || user.email;
    return {
      id: user.id,
      fullName,
      email: user.email,
      avatar: profile?.avatar_url ?? undefined,
      initials: initials(fullName),
    };
  },
};

import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { Access } from '../types.ts';

export interface SessionUser {
  id: string;
  email: string;
  /** False for accounts that only sign in with Google. */
  has_password?: boolean;
}

export interface SessionProfile {
  user_id: string;
  display_name: string | null;
  company_name: string | null;
  role: string;
  location: string | null;
  avatar_url: string | null;
  onboarding_completed_at: string | null;
  /** en, es or fr once chosen (Settings, or the browser's at sign-up); null before. */
  language?: string | null;
}

export interface Session {
  user: SessionUser | null;
  profile: SessionProfile | null;
  access: Access | null;
}

// react-admin asks for the session on every navigation; one answer serves a few seconds of them.
const SESSION_TTL_MS = 5_000;
let cached: { at: number; session: Promise<Session> } | null = null;

export function getSession(): Promise<Session> {
  if (!cached || Date.now() - cached.at > SESSION_TTL_MS) {
    const session = apiJson<Session>('/auth/session');
    cached = { at: Date.now(), session };
    session.catch(() => {
      cached = null;
    });
  }
  return cached.session;
}

export function forgetSession(): void {
  cached = null;
}

export const SESSION_KEY = ['session'];
// The spec re-checks the subscription every 5 minutes.
const SUBSCRIPTION_RECHECK_MS = 5 * 60_000;

/** What a failed re-check leaves of the last known access: the spec keeps only an admin subscribed. */
function afterFailedRecheck(session: Session): Session {
  const { access } = session;
  if (!access || access.is_admin) return session;
  return {
    ...session,
    access: { ...access, subscribed: false, features: { analytics: false, team: false, api: false } },
  };
}

/** The signed-in user, profile and plan access, shared by every screen. */
export function useSession() {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: getSession, refetchInterval: SUBSCRIPTION_RECHECK_MS });
  if (query.isRefetchError) return { ...query, data: afterFailedRecheck(query.data) };
  return query;
}

/** Starts the session's query with the app: the first screen then renders with it, not with a spinner first. */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: SESSION_KEY, queryFn: getSession });
}

/** Reads the session again, e.g. after a plan was picked or the profile changed. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => {
    forgetSession();
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  };
}

/** The session ended elsewhere (a 401): every screen, /auth first, reads 'signed out' from now on. */
export function useSessionEnded() {
  const queryClient = useQueryClient();
  return () => {
    forgetSession();
    queryClient.setQueryData<Session>(SESSION_KEY, { user: null, profile: null, access: null });
  };
}

import { apiJson } from '../api/http.ts';

export interface SessionUser {
  id: string;
  email: string;
}

export interface SessionProfile {
  user_id: string;
  display_name: string | null;
  company_name: string | null;
  role: string;
  location: string | null;
  avatar_url: string | null;
  onboarding_completed_at: string | null;
}

export interface Session {
  user: SessionUser | null;
  profile: SessionProfile | null;
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

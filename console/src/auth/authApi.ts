import { apiJson } from '../api/http.ts';

export interface OkMessage {
  ok: true;
  message: string;
}

/** What sign-up says about the promo code it carried: applied (with the free reports), or why not. */
export interface SignUpPromo {
  ok: boolean;
  code: string;
  message: string;
  credits: number;
  /** Why it was not applied: the code of the same error from /promo/apply (tp.apiErrors). */
  reason?: 'BAD_INPUT' | 'INVALID_CODE' | 'promo_failed';
}

export const signUp = (body: { email: string; password: string; full_name: string; promo_code?: string }) =>
  apiJson<OkMessage & { promo?: SignUpPromo }>('/auth/signup', { method: 'POST', body });

export const requestPasswordReset = (email: string) =>
  apiJson<OkMessage>('/auth/password-reset/request', { method: 'POST', body: { email } });

export const resetPassword = (body: { token: string; password: string; confirm_password: string }) =>
  apiJson<OkMessage>('/auth/password-reset/confirm', { method: 'POST', body });

/** Which sign-in providers the API has configured (Google only when GOOGLE_CLIENT_ID is set). */
export const authProviders = () => apiJson<AuthProviders>('/auth/providers');
export type AuthProviders = { google: boolean };
export const AUTH_PROVIDERS_KEY = ['auth-providers'];

/** The error sentence of a failed call (in the console's language when the API coded it: api/http.ts). */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

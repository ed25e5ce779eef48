import { linkIn } from './mailbox.ts';
import type { TestApi } from './test-api.ts';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A client that keeps its session cookie, like a browser tab on the console. */
export class Browser {
  cookie = '';

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        Accept: 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('turnproof_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}

let counter = 0;
export function uniqueEmail(label = 'owner'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export const goodPassword = 'correct horse battery staple';

/** Signs up, confirms with the link of the real confirmation mail, and signs in. */
export async function signedInOwner(api: TestApi, email = uniqueEmail(), password = goodPassword) {
  const browser = new Browser(api.baseUrl);
  const signUp = await browser.post('/api/auth/signup', { email, password, full_name: 'Test Owner' });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const link = new URL(linkIn(await api.mailbox.latest(email, /Confirm/)));
  const confirmed = await browser.get(`${link.pathname}${link.search}`);
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  const login = await browser.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return Object.assign(browser, { email, userId: login.body.user.id as string });
}

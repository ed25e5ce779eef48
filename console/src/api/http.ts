import { fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { takeEarlyAnswer } from './early-answers.ts';

/** The API answers errors as `{error}` with a human sentence; react-admin shows an error's message. */
function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return fallback;
}

/** fetchJson with the session cookie and the API's error sentences. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(messageOf(error.body, error.message), error.status, error.body);
    throw error;
  }
}

export const dataProvider = simpleRestProvider('/api', httpClient);

/** A JSON call to an API endpoint outside the simple REST resources. */
export async function apiJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  if (init.method === undefined) {
    // Failed early requests are asked again here, so their errors reach the caller as usual.
    const early = await takeEarlyAnswer<T>(`/api${path}`);
    if (early !== undefined) return early;
  }
  const { json } = await httpClient(`/api${path}`, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return json as T;
}

import { fetchUtils, HttpError, type I18nProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { takeEarlyAnswer } from './early-answers.ts';

/**
 * The API answers errors as `{error}`, an English sentence, and for errors people read also a `code` with its
 * `params` (api/src/http/errors.ts): the code names the console's sentence in its language (tp.apiErrors).
 */
interface ApiErrorBody {
  error: string;
  code?: string;
  params?: Record<string, string | number>;
}

const isApiErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';

let translator: I18nProvider | null = null;

/** Failed requests speak the console's language from now on (the browser's App gives its translator). */
export function sayApiErrorsWith(i18nProvider: I18nProvider): void {
  translator = i18nProvider;
}

/** A failed request's sentence: by its code in the console's language, else the server's English one. */
function messageOf(body: unknown, fallback: string): string {
  if (!isApiErrorBody(body)) return fallback;
  if (!body.code || !translator) return body.error;
  const count = body.params?.count;
  // A code this console has no sentence for (a newer server's) keeps the server's sentence (`_`).
  return translator.translate(`tp.apiErrors.${body.code}`, {
    ...body.params,
    ...(typeof count === 'number' ? { smart_count: count } : {}),
    sentence: body.error,
    _: body.error,
  });
}

/** fetchJson with the session cookie; a failure's message is the API's error sentence (see messageOf). */
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

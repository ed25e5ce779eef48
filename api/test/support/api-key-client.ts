import type { ApiKeyScope } from '@turnproof/db';
import { type Answer, Browser } from './browser.ts';
import type { TestApi } from './test-api.ts';

/** An API key made the way an owner makes one: through the console's API, signed in. */
export async function createApiKey(owner: Browser, scopes: ApiKeyScope[], name = `Key ${scopes.join('+')}`) {
  const answer = await owner.post('/api/api-keys', { name, scopes });
  if (answer.status !== 201) throw new Error(`API key: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; key: string; prefix: string };
}

/** An integration calling /api/v1 with its key only: no cookie, no Origin, as a server would. */
export function keyClient(api: TestApi, key: string) {
  const http = new Browser(api.baseUrl);
  const request = <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    http.request<T>(method, path, body, { Authorization: `Bearer ${key}`, ...headers });
  return {
    request,
    get: <T = any>(path: string): Promise<Answer<T>> => request<T>('GET', path),
    post: <T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
      request<T>('POST', path, body, headers),
    patch: <T = any>(path: string, body: unknown) => request<T>('PATCH', path, body),
    delete: <T = any>(path: string) => request<T>('DELETE', path),
  };
}

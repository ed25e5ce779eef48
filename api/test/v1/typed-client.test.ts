import { randomUUID } from 'node:crypto';
import { createTurnproofClient, type Run, type TurnproofClient } from '@turnproof/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../support/api-key-client.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** An answer's data, or the test fails with the API's error. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** Every run of the owner, a page of `limit` at a time, following next_cursor. */
async function allRuns(client: TurnproofClient, limit: number) {
  const pages: Run[][] = [];
  let cursor: string | undefined;
  do {
    const page = ok(await client.GET('/api/v1/runs', { params: { query: { limit, cursor } } }));
    pages.push(page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('@turnproof/client against the API', () => {
  it('lists properties, creates a run once per Idempotency-Key, pages runs by cursor and reads errors', async () => {
    const { key } = await createApiKey(await signedInOwner(api), ['read', 'write']);
    const client = createTurnproofClient({ baseUrl: api.baseUrl, apiKey: key });

    const property = ok(
      await client.POST('/api/v1/properties', { body: { name: 'Seaview Flat', address: '12 Harbour Road' } }),
    );
    const properties = ok(await client.GET('/api/v1/properties'));
    expect(properties.data.map(({ id, name }) => ({ id, name }))).toEqual([{ id: property.id, name: 'Seaview Flat' }]);
    const [checklist] = ok(
      await client.GET('/api/v1/properties/{id}/checklists', { params: { path: { id: property.id } } }),
    ).data;
    if (!checklist) throw new Error('the new property has no checklist');

    const idempotencyKey = randomUUID();
    const createRun = () =>
      client.POST('/api/v1/runs', {
        params: { header: { 'idempotency-key': idempotencyKey } },
        body: { property_id: property.id, checklist_id: checklist.id, due_at: '2026-12-01T15:00:00Z' },
      });
    const first = ok(await createRun());
    const retry = await createRun();
    expect(retry.response.status).toBe(201);
    expect(ok(retry).id).toBe(first.id);
    expect(first).toMatchObject({
      property_name: 'Seaview Flat',
      status: 'pending',
      due_at: '2026-12-01T15:00:00.000Z',
    });
    expect(first.magic_link).toMatch(new RegExp(`^${api.baseUrl}/r/`));
    // @ts-expect-error: the client's records have the API's field names only (a run is due at `due_at`)
    expect(first.due).toBeUndefined();

    for (let index = 0; index < 2; index += 1) {
      ok(await client.POST('/api/v1/runs', { body: { property_id: property.id, checklist_id: checklist.id } }));
    }
    const pages = await allRuns(client, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    const ids = pages.flat().map((run) => run.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toContain(first.id);

    const missing = await client.GET('/api/v1/runs/{id}', { params: { path: { id: randomUUID() } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({
      error: expect.any(String),
      code: 'not_found',
      request_id: missing.response.headers.get('x-request-id'),
    });

    const refused = await createTurnproofClient({ baseUrl: api.baseUrl, apiKey: 'tp_live_unknown' }).GET(
      '/api/v1/properties',
    );
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('invalid_api_key');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, keyClient } from '../support/api-key-client.ts';
import { type Answer, signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** An owner (on the sign-up trial, which includes the API) with a property and its first checklist, made through v1. */
async function ownerWithProperty() {
  const owner = await signedInOwner(api);
  const { key } = await createApiKey(owner, ['read', 'write']);
  const client = keyClient(api, key);
  const property = await client.post('/api/v1/properties', { name: 'Seaview Flat', address: '12 Harbour Road' });
  expect(property.status).toBe(201);
  const checklists = await client.get(`/api/v1/properties/${property.body.id}/checklists`);
  expect(checklists.status).toBe(200);
  return {
    owner,
    key,
    client,
    propertyId: property.body.id as string,
    checklistId: checklists.body.data[0].id as string,
  };
}

describe('an integration with an API key and no cookies', () => {
  it('lists and creates through /api/v1; one Idempotency-Key makes one run; a read key cannot write; revoked is 401; another owner gets 404', async () => {
    const { owner, key, client, propertyId, checklistId } = await ownerWithProperty();

    const listed = await client.get('/api/v1/properties');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [expect.objectContaining({ id: propertyId, name: 'Seaview Flat' })],
      next_cursor: null,
    });

    const body = { property_id: propertyId, checklist_id: checklistId, due_at: '2026-12-01T15:00:00Z' };
    const idempotencyKey = randomUUID();
    const first = await client.post('/api/v1/runs', body, { 'Idempotency-Key': idempotencyKey });
    expect(first.status).toBe(201);
    expect(first.body.magic_link).toMatch(new RegExp(`^${api.baseUrl}/r/`));
    expect(first.body.due_at).toBe('2026-12-01T15:00:00.000Z');
    const again = await client.post('/api/v1/runs', { ...body }, { 'Idempotency-Key': idempotencyKey });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const runs = await client.get('/api/v1/runs');
    expect(runs.body.data.map((run: { id: string }) => run.id)).toEqual([first.body.id]);
    expect(runs.body.data[0].magic_link).toBe(first.body.magic_link);
    expect(first.body.tasks.length).toBeGreaterThan(0);
    expect(runs.body.data[0]).toMatchObject({ task_count: first.body.tasks.length, completed_task_count: 0 });

    const otherBody = await client.post(
      '/api/v1/runs',
      { ...body, due_at: null },
      { 'Idempotency-Key': idempotencyKey },
    );
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toEqual({
      error: expect.stringContaining('Idempotency-Key'),
      code: 'idempotency_key_reused',
      request_id: otherBody.headers.get('x-request-id'),
    });

    const readOnly = keyClient(api, (await createApiKey(owner, ['read'])).key);
    expect((await readOnly.get(`/api/v1/runs/${first.body.id}`)).status).toBe(200);
    const refused = await readOnly.post('/api/v1/runs', body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    expect((await client.get('/api/v1/runs')).body.data).toHaveLength(1);

    const stranger = keyClient(api, (await createApiKey(await signedInOwner(api), ['read', 'write'])).key);
    const foreign = await stranger.get(`/api/v1/runs/${first.body.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found', request_id: expect.any(String) });
    expect((await stranger.get('/api/v1/runs')).body.data).toEqual([]);

    const keys = await owner.get('/api/api-keys');
    const fullKey = keys.body.find((listedKey: { prefix: string }) => key.startsWith(listedKey.prefix));
    expect((await owner.delete(`/api/api-keys/${fullKey.id}`)).status).toBe(200);
    const revoked = await client.get('/api/v1/runs');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('invalid_api_key');
  });

  it('shows a key once: the list has its name, scopes, prefix and times, never the key or its hash', async () => {
    const owner = await signedInOwner(api);
    const created = await createApiKey(owner, ['read'], 'Channel manager');
    expect(created.key).toMatch(/^tp_live_[\w-]{43}$/);
    await keyClient(api, created.key).get('/api/v1/properties');
    const listed = await owner.get('/api/api-keys');
    expect(listed.body).toEqual([
      {
        id: created.id,
        name: 'Channel manager',
        scopes: ['read'],
        prefix: created.key.slice(0, 12),
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    const [row] = await api.orm.em
      .getConnection()
      .execute<{ key_sha256: string }[]>('select key_sha256 from api_keys where id = ?', [created.id]);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(created.key.slice(12));
    expect(text).not.toContain(row?.key_sha256);
  });

  it('refuses a session cookie, an unknown key and no key with 401 in the error shape', async () => {
    const owner = await signedInOwner(api);
    const withCookie = await owner.get('/api/v1/properties');
    expect(withCookie.status).toBe(401);
    expect(withCookie.body).toEqual({
      error: expect.any(String),
      code: 'missing_api_key',
      request_id: withCookie.headers.get('x-request-id'),
    });
    expect(withCookie.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const unknown = await keyClient(api, `tp_live_${'A'.repeat(43)}`).get('/api/v1/properties');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid_api_key');
  });

  it('answers every error of /api/v1 with a code: bad input, an unknown route, a bad cursor', async () => {
    const { client } = await ownerWithProperty();
    const badInput = await client.post('/api/v1/runs', { property_id: 'nope' });
    expect(badInput.status).toBe(400);
    expect(badInput.body).toMatchObject({ code: 'invalid_field', params: { field: 'property_id' } });
    const noRoute = await client.get('/api/v1/nothing-here');
    expect(noRoute.status).toBe(404);
    expect(noRoute.body).toMatchObject({ code: 'not_found', request_id: expect.any(String) });
    const badCursor = await client.get('/api/v1/runs?cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.code).toBe('invalid_cursor');
  });

  it('gates keys by plan: an owner without the professional tier can neither create a key nor use one', async () => {
    const owner = await signedInOwner(api);
    const { key } = await createApiKey(owner, ['read']);
    await ownerRecords(api).endTrial(owner.userId);
    const create = await owner.post('/api/api-keys', { name: 'Later', scopes: ['read'] });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('upgrade_for_api');
    const use = await keyClient(api, key).get('/api/v1/properties');
    expect(use.status).toBe(403);
    expect(use.body.code).toBe('upgrade_for_api');
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    expect((await keyClient(api, key).get('/api/v1/properties')).status).toBe(200);
  });
});

describe('runs through /api/v1', () => {
  it('pages by cursor with the filters property_id, status and updated_since, each run once', async () => {
    const { client, owner, propertyId } = await ownerWithProperty();
    const records = ownerRecords(api);
    const second = await records.property(owner.userId, 'Second home');
    const start = Date.now() - 60 * 60_000;
    const made: string[] = [];
    for (let index = 0; index < 7; index++) {
      const { runId } = await records.run(index % 2 ? second : propertyId, {
        created_at: new Date(start + index * 1000),
        status: index < 3 ? 'completed' : 'pending',
      });
      made.push(runId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await client.get(`/api/v1/runs?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.data.map((run: { id: string }) => run.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());

    const ids = async (query: string) =>
      (await client.get(`/api/v1/runs?${query}`)).body.data.map((run: { id: string }) => run.id);
    expect(await ids(`property_id=${second}`)).toEqual([made[5], made[3], made[1]]);
    expect(await ids('status=completed')).toEqual([made[2], made[1], made[0]]);
    const since = new Date();
    await client.patch(`/api/v1/runs/${made[4]}`, { due_at: '2026-12-24T10:00:00Z' });
    expect(await ids(`updated_since=${since.toISOString()}`)).toEqual([made[4]]);
    const invalid = await client.get('/api/v1/runs?status=lost');
    expect(invalid.status).toBe(400);
  });

  it('changes due time and assignee, rotates and revokes the link, lists and downloads reports, resolves issues', async () => {
    const { client, owner, propertyId } = await ownerWithProperty();
    const records = ownerRecords(api);
    const { runId } = await records.run(propertyId, { status: 'completed' });
    const before = (await client.get(`/api/v1/runs/${runId}`)).body;
    expect(before.tasks).toHaveLength(1);

    const moved = await client.patch(`/api/v1/runs/${runId}`, { due_at: '2026-12-02T09:30:00+01:00' });
    expect(moved.body.due_at).toBe('2026-12-02T08:30:00.000Z');
    const unknownMember = await client.patch(`/api/v1/runs/${runId}`, { assigned_to: randomUUID() });
    expect(unknownMember.status).toBe(400);

    const rotated = await client.post(`/api/v1/runs/${runId}/link`);
    expect(rotated.body.magic_link).not.toBe(before.magic_link);
    const revoked = await client.delete(`/api/v1/runs/${runId}/link`);
    expect(revoked.body).toMatchObject({ magic_link: null, link_revoked_at: expect.any(String) });

    await records.report(runId, Buffer.from('%PDF-1.4 the report'));
    const reports = await client.get(`/api/v1/runs/${runId}/reports`);
    expect(reports.body.data).toEqual([expect.objectContaining({ version: 1, status: 'ready' })]);
    const pdf = await client.get(`/api/v1/runs/${runId}/reports/1/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.4 the report');

    await records.alert(runId, 'high');
    const issues = await client.get(`/api/v1/runs/${runId}/issues`);
    expect(issues.body.data).toEqual([expect.objectContaining({ status: 'open', severity: 'high' })]);
    const resolved = await client.post(`/api/v1/runs/${runId}/issues/${issues.body.data[0].id}/resolve`, {
      note: 'Replaced the bulb',
    });
    expect(resolved.body).toMatchObject({ status: 'resolved', resolution_note: 'Replaced the bulb' });
    expect((await owner.get(`/api/runs/${runId}/issues`)).body[0].status).toBe('resolved');
  });
});

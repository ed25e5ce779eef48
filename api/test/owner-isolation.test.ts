import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function ownerWithPropertyAndRun(label: string) {
  const owner = await signedInOwner(api);
  const property = await owner.post('/api/properties', { name: `${label} Villa`, address: `${label} Road 1` });
  const templates = await owner.get('/api/templates?filter={"kind":"turnover"}');
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'Turnover',
    template_id: templates.body[0].id,
  });
  expect(run.status).toBe(201);
  return { owner, propertyId: property.body.id as string, runId: run.body.id as string };
}

describe('every owner query is scoped to the signed-in owner', () => {
  it('shows each owner only their own properties and runs; the other owner gets 404', async () => {
    const alice = await ownerWithPropertyAndRun('Alice');
    const bob = await ownerWithPropertyAndRun('Bob');

    const aliceProperties = await alice.owner.get('/api/properties');
    expect(aliceProperties.body.map((p: { name: string }) => p.name)).toEqual(['Alice Villa']);
    const bobRuns = await bob.owner.get('/api/runs');
    expect(bobRuns.body.map((r: { id: string }) => r.id)).toEqual([bob.runId]);
    expect(bobRuns.headers.get('content-range')).toBe('runs 0-0/1');

    const propertyPath = `/api/properties/${alice.propertyId}`;
    expect((await bob.owner.get(propertyPath)).status).toBe(404);
    expect((await bob.owner.put(propertyPath, { name: 'Stolen' })).status).toBe(404);
    expect((await bob.owner.delete(propertyPath)).status).toBe(404);
    const many = await bob.owner.get(
      `/api/properties?filter=${encodeURIComponent(JSON.stringify({ id: [alice.propertyId] }))}`,
    );
    expect(many.body).toEqual([]);

    const runPath = `/api/runs/${alice.runId}`;
    expect((await bob.owner.get(runPath)).status).toBe(404);
    expect((await bob.owner.put(runPath, { meta: { unit: '9' } })).status).toBe(404);
    expect((await bob.owner.delete(runPath)).status).toBe(404);
    const foreignRun = await bob.owner.post('/api/runs', {
      property_id: alice.propertyId,
      type: 'turnover',
      template_id: (await bob.owner.get('/api/templates')).body[0].id,
    });
    expect(foreignRun.status).toBe(400);

    // Alice's data is untouched by Bob's attempts.
    const stillThere = await alice.owner.get(propertyPath);
    expect(stillThere.body.name).toBe('Alice Villa');
    expect((await alice.owner.get(runPath)).status).toBe(200);
  });

  it('answers 401 with a sentence when nobody is signed in', async () => {
    const response = await fetch(`${api.baseUrl}/api/properties`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Authentication required' });
  });
});

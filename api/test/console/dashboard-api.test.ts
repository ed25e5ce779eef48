import { Run } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { Browser, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

async function propertyWithRun(owner: Owner, name: string) {
  const property = await owner.post('/api/properties', { name, address: `${name} Street 1` });
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.body.id }))}`,
  );
  const turnover = checklists.body.find((c: { type: string }) => c.type === 'turnover');
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    checklist_id: turnover.id,
  });
  expect(run.status).toBe(201);
  return { property: property.body, run: run.body };
}

/** Sets a run's state as its workflow would; the hour of completion is what these tests are about. */
async function markRun(runId: string, status: 'in_progress' | 'completed', endedAt?: Date) {
  const em = api.orm.em.fork();
  const run = await em.findOneOrFail(Run, runId);
  run.status = status;
  run.started_at = new Date(Date.now() - 60 * 60_000);
  if (endedAt) run.ended_at = endedAt;
  await em.flush();
}

const dashboardOf = (owner: Owner, since: Date) =>
  owner.get(`/api/dashboard?since=${encodeURIComponent(since.toISOString())}`);

describe('GET /api/dashboard', () => {
  it("counts the owner's own properties and runs, with 'Completed Today' from the given midnight", async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { plan_key: 'pro', plan_status: 'active' });
    const created = [];
    for (const name of ['Alder', 'Birch', 'Cedar', 'Dogwood']) created.push(await propertyWithRun(owner, name));
    const midnight = new Date(Date.now() - 2 * 60 * 60_000);
    await markRun(created[0]!.run.id, 'completed', new Date());
    await markRun(created[1]!.run.id, 'completed', new Date(midnight.getTime() - 60_000));
    await markRun(created[2]!.run.id, 'in_progress');

    const dashboard = await dashboardOf(owner, midnight);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stats).toEqual({ properties: 4, runs: 4, in_progress: 1, pending: 1, completed_today: 1 });
    // Three newest properties, never the Template Collection.
    expect(dashboard.body.properties.map((p: { name: string }) => p.name)).toEqual(['Dogwood', 'Cedar', 'Birch']);
    expect(dashboard.body.recent_runs).toHaveLength(4);
    expect(dashboard.body.recent_runs[0]).toMatchObject({ property_name: 'Dogwood', status: 'pending' });
    expect(dashboard.body.access).toMatchObject({ plan_name: 'Pro', limits: { max_properties: 50 } });
  });

  it("shows another owner nothing of the first owner's data", async () => {
    const first = await signedInOwner(api);
    await propertyWithRun(first, 'Private Villa');
    const second = await signedInOwner(api);
    const dashboard = await dashboardOf(second, new Date(Date.now() - 60_000));
    expect(dashboard.body.stats).toEqual({ properties: 0, runs: 0, in_progress: 0, pending: 0, completed_today: 0 });
    expect(dashboard.body.properties).toEqual([]);
    expect(dashboard.body.recent_runs).toEqual([]);
  });

  it('answers 400 without a valid since and 401 when signed out', async () => {
    const owner = await signedInOwner(api);
    const missing = await owner.get('/api/dashboard');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('since must be the start of your day');
    expect((await owner.get('/api/dashboard?since=yesterday')).status).toBe(400);
    expect((await new Browser(api.baseUrl).get(`/api/dashboard?since=${new Date().toISOString()}`)).status).toBe(401);
  });
});

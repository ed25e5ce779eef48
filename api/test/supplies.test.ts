import { randomUUID } from 'node:crypto';
import { readCaptureLog } from '@turnproof/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInOwner } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { Cleaner } from './runner/cleaner.ts';

/** A CSV line's cells (the exports quote every cell; these hold no commas). */
const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));

let api: TestApi;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  api = await startTestApi();
});
// An owner per test: the restock list is the owner's across properties.
beforeEach(async () => {
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await api?.close();
});

/** A property with its supplies, and a run of it opened by its cleaner. */
async function propertyWithSupplies(name: string, supplies: { name: string; unit: string; par_level: number }[]) {
  const property = await owner.post('/api/properties', { name, address: '12 Shore Rd, Austin TX' });
  expect(property.status).toBe(201);
  const created = [];
  for (const supply of supplies) {
    const answer = await owner.post(`/api/properties/${property.body.id}/supplies`, supply);
    expect(answer.status).toBe(201);
    created.push(answer.body as { id: string; name: string });
  }
  return { property: property.body, supplies: created, ...(await turnoverOf(property.body.id)) };
}

/** A new turnover of the property, and its cleaner. */
async function turnoverOf(propertyId: string) {
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}`,
  );
  const checklist = checklists.body.find((c: { type: string }) => c.type === 'turnover');
  const run = await owner.post('/api/runs', { property_id: propertyId, type: 'turnover', checklist_id: checklist.id });
  expect(run.status).toBe(201);
  return { run: run.body, cleaner: Cleaner.fromLink(run.body.magic_link) };
}

const count = (cleaner: Cleaner, supplyId: string, fields: Record<string, unknown>, actionId = randomUUID()) =>
  cleaner.http.post('/api/public/supply-count', {
    token: cleaner.token,
    action_id: actionId,
    supply_id: supplyId,
    ...fields,
  });

describe('supplies at par level', () => {
  it('a count below par appears in GET /api/restock with the quantity needed, and in its CSV', async () => {
    const { property, supplies, cleaner } = await propertyWithSupplies('Bayview Loft', [
      { name: 'Toilet paper', unit: 'rolls', par_level: 12 },
      { name: 'Coffee pods', unit: 'pods', par_level: 20 },
      { name: 'Dish soap', unit: 'bottles', par_level: 2 },
    ]);
    const [paper, pods, soap] = supplies;
    const opened = await cleaner.openRun();
    expect(opened.body.run.supplies).toEqual([
      { id: pods!.id, name: 'Coffee pods', unit: 'pods', par_level: 20, count: null, level: null },
      { id: soap!.id, name: 'Dish soap', unit: 'bottles', par_level: 2, count: null, level: null },
      { id: paper!.id, name: 'Toilet paper', unit: 'rolls', par_level: 12, count: null, level: null },
    ]);

    expect((await count(cleaner, paper!.id, { count: 3 })).body).toMatchObject({
      ok: true,
      applied: true,
      supply: { id: paper!.id, count: 3, level: 'counted' },
    });
    expect((await count(cleaner, pods!.id, { level: 'low' })).status).toBe(200);
    expect((await count(cleaner, soap!.id, { count: 2 })).status).toBe(200);
    expect((await cleaner.openRun()).body.run.supplies.map((s: { count: number | null }) => s.count)).toEqual([
      null,
      2,
      3,
    ]);

    const restock = await owner.get('/api/restock');
    expect(restock.status).toBe(200);
    expect(restock.headers.get('content-range')).toBe('restock 0-1/2');
    expect(restock.body).toMatchObject([
      {
        property: 'Bayview Loft',
        name: 'Coffee pods',
        unit: 'pods',
        count: null,
        level: 'low',
        par_level: 20,
        needed: null,
      },
      { property: 'Bayview Loft', name: 'Toilet paper', unit: 'rolls', count: 3, par_level: 12, needed: 9 },
    ]);

    // A newer count in a later run is what the list goes by: the paper restocked to par leaves the list.
    const { cleaner: next } = await turnoverOf(property.id);
    await count(next, paper!.id, { count: 12 });
    await count(next, soap!.id, { level: 'out' });
    const after = await owner.get('/api/restock');
    expect(after.body.map((line: { name: string; needed: number | null }) => [line.name, line.needed])).toEqual([
      ['Coffee pods', null],
      ['Dish soap', 2],
    ]);

    const csv = await owner.get('/api/restock.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('turnproof-restock.csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(cells(lines[0]!).join(',')).toBe('Property,Supply,Unit,Count,Par level,Needed,Counted');
    expect(lines.slice(1).map((line) => cells(line).slice(0, 6).join(','))).toEqual([
      'Bayview Loft,Coffee pods,pods,low,20,',
      'Bayview Loft,Dish soap,bottles,0,2,2',
    ]);
  });

  it('applies a count once per action id, records it in the capture log, and never lets an older count overwrite a newer one', async () => {
    const { supplies, run, cleaner } = await propertyWithSupplies('Harbor House', [
      { name: 'Paper towels', unit: 'rolls', par_level: 6 },
    ]);
    const towels = supplies[0]!;
    const actionId = randomUUID();
    const first = await count(cleaner, towels.id, { count: 1, timestamp: new Date().toISOString() }, actionId);
    const again = await count(cleaner, towels.id, { count: 5 }, actionId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await owner.get('/api/restock')).body.find((l: { id: string }) => l.id === towels.id)).toMatchObject({
      count: 1,
      needed: 5,
    });

    // An offline count from before the stored one arrives late: not applied, the newer count stands.
    const stale = await count(cleaner, towels.id, { count: 6, timestamp: new Date(Date.now() - 60_000).toISOString() });
    expect(stale.body).toMatchObject({ applied: false, supply: { count: 1 } });

    const log = await readCaptureLog(api.orm.em.fork(), run.id);
    const counted = log.filter((entry) => entry.kind === 'supply_counted');
    expect(counted.map((entry) => entry.payload)).toEqual([
      {
        action_id: actionId,
        supply_id: towels.id,
        name: 'Paper towels',
        unit: 'rolls',
        par_level: 6,
        count: 1,
        level: 'counted',
      },
    ]);
  });

  it('refuses bad input with 4xx naming the problem, and a supply of another property', async () => {
    const { cleaner } = await propertyWithSupplies('Pine Cabin', [{ name: 'Soap', unit: 'bars', par_level: 4 }]);
    const other = await propertyWithSupplies('Elm Cottage', [{ name: 'Soap', unit: 'bars', par_level: 4 }]);
    const foreign = await count(cleaner, other.supplies[0]!.id, { count: 1 });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("This supply is not one of this property's supplies.");
    const negative = await count(cleaner, other.supplies[0]!.id, { count: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toMatch(/count must be a whole number/);
    const nothing = await count(cleaner, other.supplies[0]!.id, {});
    expect(nothing.status).toBe(400);
    const property = other.property.id as string;
    const badPar = await owner.post(`/api/properties/${property}/supplies`, {
      name: 'Tea',
      unit: 'bags',
      par_level: 1.5,
    });
    expect(badPar.status).toBe(400);
    expect(badPar.body.error).toMatch(/Par level must be a whole number/);
    const noName = await owner.post(`/api/properties/${property}/supplies`, { name: ' ', unit: 'bags', par_level: 1 });
    expect(noName.body.error).toMatch(/Supply name is required/);
  });

  it("keeps supplies to their owner: another owner's property and supply are not found", async () => {
    const { property, supplies } = await propertyWithSupplies('Owner A Villa', [
      { name: 'Coffee', unit: 'bags', par_level: 3 },
    ]);
    const supply = supplies[0]!;
    const list = await owner.get(`/api/properties/${property.id}/supplies`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('supplies 0-0/1');
    const edited = await owner.put(`/api/properties/${property.id}/supplies/${supply.id}`, {
      name: 'Ground coffee',
      unit: 'bags',
      par_level: 4,
    });
    expect(edited.body).toMatchObject({ name: 'Ground coffee', par_level: 4 });

    const intruder = await signedInOwner(api);
    const base = `/api/properties/${property.id}/supplies`;
    expect((await intruder.get(base)).status).toBe(404);
    expect((await intruder.post(base, { name: 'Mine', unit: 'x', par_level: 1 })).status).toBe(404);
    expect((await intruder.get(`${base}/${supply.id}`)).status).toBe(404);
    expect((await intruder.put(`${base}/${supply.id}`, { par_level: 0 })).status).toBe(404);
    expect((await intruder.delete(`${base}/${supply.id}`)).status).toBe(404);
    expect((await intruder.get('/api/restock')).body).toEqual([]);
    // Through one of the intruder's own properties, the supply is still not theirs.
    const own = await intruder.post('/api/properties', { name: 'B place', address: '1 B Rd' });
    expect((await intruder.get(`/api/properties/${own.body.id}/supplies/${supply.id}`)).status).toBe(404);

    const deleted = await owner.delete(`${base}/${supply.id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.get(base)).body).toEqual([]);
  });
});

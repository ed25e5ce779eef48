import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { cameraPhoto, Cleaner } from './runner/cleaner.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('POST /api/runs', () => {
  it('creates the run with its tasks and magic link, and starts run/{id} with the search attributes', async () => {
    const owner = await signedInOwner(api);
    const property = await owner.post('/api/properties', { name: 'Harbor Flat', address: '5 Quay St' });
    const checklists = await owner.get(
      `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.body.id }))}`,
    );
    const moveIn = checklists.body.find((c: { type: string }) => c.type === 'move_in');

    const run = await owner.post('/api/runs', {
      property_id: property.body.id,
      type: 'Move-In',
      checklist_id: moveIn.id,
      meta: { unit: '4B', tenant_name: 'Dana Reyes', tenant_email: 'dana@example.test', lease_start: '2026-12-01' },
      due_at: '2026-12-01T15:00:00Z',
    });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({
      type: 'move_in',
      status: 'pending',
      property: { name: 'Harbor Flat' },
      checklist: { name: moveIn.name, type: 'move_in' },
      meta: { unit: '4B', tenant_name: 'Dana Reyes' },
      task_count: moveIn.tasks.length,
    });
    expect(run.body.magic_link).toMatch(new RegExp(`^${api.config.publicOrigin}/r/[A-Za-z0-9_-]{43}$`));

    const one = await owner.get(`/api/runs/${run.body.id}`);
    expect(one.body.tasks.map((task: { title: string }) => task.title)).toEqual(
      moveIn.tasks.map((task: { title: string }) => task.title),
    );
    const search = (q: string) => owner.get(`/api/runs?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
    expect((await search('harbor')).body.map((r: { id: string }) => r.id)).toEqual([run.body.id]);
    expect((await search('no such place')).body).toEqual([]);

    const description = await api.temporal.workflow.getHandle(`run/${run.body.id}`).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.typedSearchAttributes.getAll().map((pair) => [pair.key.name, pair.value])).toEqual(
      expect.arrayContaining([
        ['TurnproofOwnerId', owner.userId],
        ['TurnproofPropertyId', property.body.id],
        ['TurnproofRunStatus', 'pending'],
        ['TurnproofRunKind', 'move_in'],
      ]),
    );
  });

  it('deletes a run with its tasks, media rows and files, and terminates its workflow', async () => {
    const owner = await signedInOwner(api);
    const property = await owner.post('/api/properties', { name: 'Delete Me Villa', address: '9 Gone St' });
    const template = (await owner.get('/api/templates')).body[0];
    const run = (
      await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
    ).body;
    const cleaner = Cleaner.fromLink(run.magic_link);
    const task = (await cleaner.openRun()).body.run.tasks[0];
    const { reserved } = await cleaner.uploadPhoto(task.id, await cameraPhoto('delete-me', 64, 64));
    expect(await api.storage.exists(reserved.body.path)).toBe(true);

    expect((await owner.delete(`/api/runs/${run.id}`)).status).toBe(200);
    const sql = (table: string) =>
      api.orm.em
        .getConnection()
        .execute<{ count: string }[]>(`select count(*) from ${table} where run_id = ?`, [run.id]);
    expect((await sql('run_tasks'))[0]?.count).toBe('0');
    expect((await sql('media'))[0]?.count).toBe('0');
    expect(await api.storage.exists(reserved.body.path)).toBe(false);
    expect((await api.temporal.workflow.getHandle(`run/${run.id}`).describe()).status.name).toBe('TERMINATED');
    expect((await cleaner.openRun()).status).toBe(404);
  });

  it('normalises the type names of the spec and refuses unknown ones', async () => {
    const owner = await signedInOwner(api);
    const property = await owner.post('/api/properties', { name: 'Type Test', address: '1 Type St' });
    const template = (await owner.get('/api/templates')).body[0];
    const create = (type: string) =>
      owner.post('/api/runs', { property_id: property.body.id, type, template_id: template.id });
    expect((await create('Move Out')).body.type).toBe('move_out');
    expect((await create('move-in')).body.type).toBe('move_in');
    expect((await create('TURNOVER')).body.type).toBe('turnover');
    const unknown = await create('Deep Clean');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown inspection type: use turnover, move_in or move_out.');
    const noTemplate = await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover' });
    expect(noTemplate.body.error).toBe('Please choose a template or checklist.');
  });
});

import fc from 'fast-check';
import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

let api: TestApi;
let alice: Owner;
let bob: Owner;
let dataProvider: ReturnType<typeof simpleRestProvider>;

/** The console's data provider, exactly: ra-data-simple-rest over fetchJson, with the owner's cookie. */
function consoleDataProvider(owner: Owner) {
  return simpleRestProvider(`${api.baseUrl}/api`, (url, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, {
      ...options,
      headers: new Headers({ Accept: 'application/json', Cookie: owner.cookie }),
    }),
  );
}

async function newProperty(owner: Owner, name: string) {
  const property = await owner.post('/api/properties', { name, address: `${name} Lane 4` });
  expect(property.status).toBe(201);
  return property.body.id as string;
}

const titles = (tasks: { title: string }[]) => tasks.map((task) => task.title);

beforeAll(async () => {
  api = await startTestApi();
  [alice, bob] = await Promise.all([signedInOwner(api), signedInOwner(api)]);
  dataProvider = consoleDataProvider(alice);
});
afterAll(() => api.close());

describe('the checklist editor API', () => {
  it('creates a checklist, renames it, adds, edits, reorders and deletes tasks', async () => {
    const propertyId = await newProperty(alice, 'Harbor Loft');
    const { data: checklist } = await dataProvider.create('checklists', {
      data: { property_id: propertyId, name: '  Deep Clean  ', type: 'cleaning' },
    });
    expect(checklist).toMatchObject({
      name: 'Deep Clean',
      type: 'cleaning',
      is_template: false,
      tasks: [],
      property: { name: 'Harbor Loft', address: 'Harbor Loft Lane 4' },
    });

    const renamed = await dataProvider.update('checklists', {
      id: checklist.id,
      data: { ...checklist, name: 'Spring Deep Clean' },
      previousData: checklist,
    });
    expect(renamed.data.name).toBe('Spring Deep Clean');

    const added = [];
    for (const title of ['Dust shelves', 'Mop floors', 'Wipe windows']) {
      added.push(
        (await dataProvider.create('tasks', { data: { checklist_id: checklist.id, title, description: '' } })).data,
      );
    }
    expect(added.map((task) => task.order_index)).toEqual([0, 1, 2]);
    expect(added[0]).toMatchObject({ description: null, required_media: 0 });

    const edited = await dataProvider.update('tasks', {
      id: added[1]!.id,
      data: { ...added[1], title: 'Mop all floors', description: ' Kitchen first ', required_media: 5 },
      previousData: added[1]!,
    });
    expect(edited.data).toMatchObject({ title: 'Mop all floors', description: 'Kitchen first', required_media: 5 });

    // Moving 'Wipe windows' up swaps it with its neighbour; every position is saved.
    const order = [added[0]!.id, added[2]!.id, added[1]!.id];
    const reordered = await alice.put(`/api/checklists/${checklist.id}/task-order`, { task_ids: order });
    expect(reordered.status).toBe(200);
    expect(titles(reordered.body.tasks)).toEqual(['Dust shelves', 'Wipe windows', 'Mop all floors']);
    expect(reordered.body.tasks.map((task: { order_index: number }) => task.order_index)).toEqual([0, 1, 2]);

    await dataProvider.delete('tasks', { id: added[0]!.id, previousData: added[0]! });
    const { data: reloaded } = await dataProvider.getOne('checklists', { id: checklist.id });
    expect(titles(reloaded.tasks)).toEqual(['Wipe windows', 'Mop all floors']);
    const listed = await dataProvider.getList('tasks', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'order_index', order: 'ASC' },
      filter: { checklist_id: checklist.id },
    });
    expect(listed.total).toBe(2);

    // A new task goes after the last one (the positions are numbered again from 0).
    const { data: last } = await dataProvider.create('tasks', {
      data: { checklist_id: checklist.id, title: 'Lock up' },
    });
    expect(last.order_index).toBe(2);

    await dataProvider.delete('checklists', { id: checklist.id, previousData: checklist });
    await expect(dataProvider.getOne('checklists', { id: checklist.id })).rejects.toMatchObject({ status: 404 });
    await expect(dataProvider.getOne('tasks', { id: last.id })).rejects.toMatchObject({ status: 404 });
  });

  it("keeps the template's rooms as sections; a task goes to the end of its section, each section one block", async () => {
    const propertyId = await newProperty(alice, 'Section Suites');
    const checklists = (await alice.get(`/api/checklists?filter=${JSON.stringify({ property_id: propertyId })}`))
      .body as { id: string; name: string; tasks: { id: string; title: string; section: string | null }[] }[];
    const turnover = checklists.find((checklist) => checklist.name === 'Airbnb Turnover Cleaning Checklist')!;
    const sectionsIn = (tasks: { section: string | null }[]) => [...new Set(tasks.map((task) => task.section))];
    expect(sectionsIn(turnover.tasks)).toEqual([
      'Arrival & Initial Check',
      'Kitchen',
      'Bathrooms',
      'Bedrooms',
      'Living Areas',
      'Restock & Supplies',
      'Final Walkthrough',
    ]);
    const reread = async () => (await alice.get(`/api/checklists/${turnover.id}`)).body.tasks as typeof turnover.tasks;

    // Added to the kitchen: after the kitchen's last task, not at the checklist's end.
    const added = await alice.post('/api/tasks', {
      checklist_id: turnover.id,
      title: 'Wipe the kettle',
      section: ' Kitchen ',
    });
    expect(added.status).toBe(201);
    expect(added.body.section).toBe('Kitchen');
    let tasks = await reread();
    expect(tasks.filter((task) => task.section === 'Kitchen').at(-1)?.title).toBe('Wipe the kettle');
    expect(sectionsIn(tasks)).toHaveLength(7);

    // Moved to the bathrooms: it ends that block; an empty section is none.
    await alice.put(`/api/tasks/${added.body.id}`, { section: 'Bathrooms' });
    tasks = await reread();
    expect(tasks.filter((task) => task.section === 'Bathrooms').at(-1)?.title).toBe('Wipe the kettle');
    expect(sectionsIn(tasks)).toHaveLength(7);
    await alice.put(`/api/tasks/${added.body.id}`, { section: '  ' });
    tasks = await reread();
    expect(tasks.at(-1)).toMatchObject({ title: 'Wipe the kettle', section: null });

    // An order that splits a section is put back together, the section where it first appears.
    const ids = tasks.map((task) => task.id);
    const kitchenFirst = tasks.findIndex((task) => task.section === 'Kitchen');
    const split = [ids[kitchenFirst]!, ...ids.filter((_id, index) => index !== kitchenFirst)];
    expect((await alice.put(`/api/checklists/${turnover.id}/task-order`, { task_ids: split })).status).toBe(200);
    expect(sectionsIn(await reread()).slice(0, 2)).toEqual(['Kitchen', 'Arrival & Initial Check']);

    const tooLong = await alice.post('/api/tasks', { checklist_id: turnover.id, title: 'X', section: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Section must be at most 100 characters.');
  });

  it('refuses bad input with a sentence naming the problem', async () => {
    const propertyId = await newProperty(alice, 'Validation Villa');
    const checklist = (await alice.post('/api/checklists', { property_id: propertyId, name: 'Turn', type: 'turnover' }))
      .body;
    const task = (await alice.post('/api/tasks', { checklist_id: checklist.id, title: 'Make beds' })).body;

    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/checklists',
        { property_id: propertyId, name: '   ', type: 'turnover' },
        'Checklist name is required.',
      ],
      [
        'POST',
        '/api/checklists',
        { property_id: propertyId, name: 'X', type: 'party' },
        'Checklist type must be one of',
      ],
      ['PUT', `/api/checklists/${checklist.id}`, { name: ' ' }, 'Checklist name is required.'],
      ['POST', '/api/tasks', { checklist_id: checklist.id, title: '  ' }, 'Task title is required.'],
      ['POST', '/api/tasks', { checklist_id: checklist.id, title: 'A', required_media: 6 }, 'Required photos must be'],
      ['PUT', `/api/tasks/${task.id}`, { required_media: -1 }, 'Required photos must be'],
      ['PUT', `/api/tasks/${task.id}`, { required_media: 1.5 }, 'Required photos must be'],
      ['PUT', `/api/checklists/${checklist.id}/task-order`, { task_ids: [] }, 'task_ids must list every task'],
      ['PUT', `/api/checklists/${checklist.id}/task-order`, { task_ids: [task.id, task.id] }, 'task_ids must list'],
      ['PUT', `/api/checklists/${checklist.id}/task-order`, { task_ids: 'x' }, 'task_ids must list'],
      ['POST', '/api/templates', { name: ' ', kind: 'turnover' }, 'Please provide a template name and type.'],
      ['POST', '/api/templates', { name: 'Mine' }, 'Please provide a template name and type.'],
      ['POST', '/api/templates', { name: 'Mine', kind: 'cleaning' }, 'Please provide a template name and type.'],
      ['GET', '/api/tasks?sort=["title","sideways"]', undefined, 'sort.1: Invalid option'],
    ];
    for (const [method, path, body, error] of cases) {
      const answer = await alice.request(method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
      expect(answer.body.error).toContain(error);
    }
    // Nothing was changed by the refused requests.
    expect((await alice.get(`/api/tasks/${task.id}`)).body).toMatchObject({ title: 'Make beds', required_media: 0 });
  });
});

describe('the templates API', () => {
  it('creates an own template on the Template Collection, lists it as Custom and deletes it with its tasks', async () => {
    const created = await alice.post('/api/templates', { name: ' Pool House Turnover ', kind: 'turnover' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Pool House Turnover',
      kind: 'turnover',
      source: 'custom',
      is_system_template: false,
      property_name: 'Template Collection',
      task_count: 0,
    });
    const id = created.body.id as string;

    // Its editor is the checklist editor.
    const task = await alice.post('/api/tasks', { checklist_id: id, title: 'Skim the pool', required_media: 2 });
    expect(task.status).toBe(201);
    const checklist = await alice.get(`/api/checklists/${id}`);
    expect(checklist.body).toMatchObject({ is_template: true, property: { is_system_property: true } });

    const list = await alice.get('/api/templates?filter={"kind":"turnover"}');
    const system = list.body.filter((t: { source: string }) => t.source === 'system');
    expect(system.length).toBeGreaterThan(0);
    expect(list.body.at(-1)).toMatchObject({ id, task_count: 1, source: 'custom' });

    // System templates are view-only for everyone.
    const refused = await alice.delete(`/api/templates/${system[0].id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('System templates are view-only');

    const deleted = await alice.delete(`/api/templates/${id}`);
    expect(deleted.status).toBe(200);
    expect((await alice.get(`/api/templates/${id}`)).status).toBe(404);
    expect((await alice.get(`/api/tasks/${task.body.id}`)).status).toBe(404);
  });

  it('does not delete an ordinary checklist through the templates API', async () => {
    const propertyId = await newProperty(alice, 'Plain Checklist House');
    const checklist = (await alice.post('/api/checklists', { property_id: propertyId, name: 'Turn', type: 'turnover' }))
      .body;
    expect((await alice.delete(`/api/templates/${checklist.id}`)).status).toBe(404);
    expect((await alice.get(`/api/checklists/${checklist.id}`)).status).toBe(200);
  });
});

describe("another owner's checklists, tasks and templates", () => {
  it('answer 404 to every read and write, and stay untouched', async () => {
    const propertyId = await newProperty(alice, 'Private Cottage');
    const checklist = (await alice.post('/api/checklists', { property_id: propertyId, name: 'Mine', type: 'turnover' }))
      .body;
    const task = (await alice.post('/api/tasks', { checklist_id: checklist.id, title: 'Secret step' })).body;
    const template = (await alice.post('/api/templates', { name: 'Secret Template', kind: 'move_in' })).body;

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/checklists/${checklist.id}`],
      ['PUT', `/api/checklists/${checklist.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/checklists/${checklist.id}`],
      ['PUT', `/api/checklists/${checklist.id}/task-order`, { task_ids: [task.id] }],
      ['POST', '/api/checklists', { property_id: propertyId, name: 'Intruder', type: 'turnover' }],
      ['GET', `/api/tasks/${task.id}`],
      ['PUT', `/api/tasks/${task.id}`, { title: 'Stolen' }],
      ['DELETE', `/api/tasks/${task.id}`],
      ['POST', '/api/tasks', { checklist_id: checklist.id, title: 'Intruder' }],
      ['GET', `/api/templates/${template.id}`],
      ['DELETE', `/api/templates/${template.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await bob.request(method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
      expect(answer.body.error).toMatch(/not found/i);
    }
    const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
    expect((await bob.get(`/api/checklists?filter=${filter({ property_id: propertyId })}`)).body).toEqual([]);
    expect((await bob.get(`/api/tasks?filter=${filter({ checklist_id: checklist.id })}`)).body).toEqual([]);
    expect((await bob.get(`/api/checklists?filter=${filter({ id: [checklist.id] })}`)).body).toEqual([]);
    const bobTemplates = (await bob.get('/api/templates')).body as { name: string }[];
    expect(bobTemplates.map((t) => t.name)).not.toContain('Secret Template');

    const untouched = await alice.get(`/api/checklists/${checklist.id}`);
    expect(untouched.body).toMatchObject({ name: 'Mine', tasks: [{ title: 'Secret step' }] });
    expect((await alice.get(`/api/templates/${template.id}`)).status).toBe(200);
  });
});

describe('random and malformed input', () => {
  it('answers 2xx or 4xx with {error}, never 5xx, on every checklist, task and template write', async () => {
    const propertyId = await newProperty(alice, 'Fuzzy Farmhouse');
    const checklist = (await alice.post('/api/checklists', { property_id: propertyId, name: 'Fuzz', type: 'turnover' }))
      .body;
    const task = (await alice.post('/api/tasks', { checklist_id: checklist.id, title: 'Stay put' })).body;
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('', '   ', '\u0000', 'x'.repeat(400), -1, 6, 2.5, 'turnover', 'move_in', 'cleaning'),
      fc.constantFrom(propertyId, checklist.id, task.id, '00000000-0000-4000-8000-000000000000'),
    );
    const body = fc.oneof(
      fc.record(
        {
          property_id: field,
          checklist_id: field,
          name: field,
          title: field,
          type: field,
          kind: field,
          description: field,
          required_media: field,
          task_ids: fc.oneof(field, fc.array(field, { maxLength: 3 })),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    const target = fc.constantFrom(
      ['POST', '/api/checklists'],
      ['PUT', `/api/checklists/${checklist.id}`],
      ['PUT', `/api/checklists/${checklist.id}/task-order`],
      ['POST', '/api/tasks'],
      ['PUT', `/api/tasks/${task.id}`],
      ['POST', '/api/templates'],
      ['DELETE', '/api/templates/not-a-uuid'],
    );
    await fc.assert(
      fc.asyncProperty(target, body, async ([method, path], value) => {
        const answer = await alice.request(method!, path!, JSON.stringify(value));
        expect(answer.status, `${method} ${path} ${JSON.stringify(value)}`).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body?.error).toBe('string');
      }),
      { numRuns: 150 },
    );
    // Whatever was accepted, the task kept a valid number of required photos.
    const stored = await alice.get(`/api/tasks/${task.id}`);
    expect(stored.body.required_media).toBeGreaterThanOrEqual(0);
    expect(stored.body.required_media).toBeLessThanOrEqual(5);
  });

  it('keeps system templates before custom ones whatever the sort', async () => {
    await alice.post('/api/templates', { name: 'AAA First By Name', kind: 'turnover' });
    const sorted = await alice.get(`/api/templates?sort=${encodeURIComponent('["name","ASC"]')}`);
    const sources = (sorted.body as { source: string }[]).map((template) => template.source);
    expect(sources.indexOf('custom')).toBeGreaterThan(sources.lastIndexOf('system'));
  });
});

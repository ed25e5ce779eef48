import { randomUUID } from 'node:crypto';
import { RUN_ISSUES_MAX, RUN_TASK_ACTIONS_MAX } from '@turnproof/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// L10: every issue is a signal to run/{id}, whose workflow never continues-as-new, and every task action
// a progress message and a capture-log entry; a link holder must not be able to add them without end.
let api: TestApi;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signedInOwner(api);
});
afterAll(() => api?.close());

async function linkHolder() {
  const property = await owner.post('/api/properties', { name: 'Dune House', address: '8 Shore Lane' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  return { runId: run.id as string, cleaner, tasks };
}

const count = async (sql: string, runId: string) =>
  Number((await api.orm.em.getConnection().execute<{ n: string }[]>(sql, [runId]))[0]!.n);

describe('L10: a link holder cannot flood a run with issues or task actions', () => {
  it(`refuses issue number ${RUN_ISSUES_MAX + 1} with 429 and a sentence, and records no more`, async () => {
    const { runId, cleaner } = await linkHolder();
    const report = (actionId = randomUUID()) =>
      cleaner.http.post('/api/public/issue', {
        token: cleaner.token,
        action_id: actionId,
        severity: 'low',
        description: 'Scuff on the wall',
      });
    // Ten at a time, as a script would; one more batch than the cap allows.
    const statuses: number[] = [];
    const actionIds = Array.from({ length: RUN_ISSUES_MAX + 10 }, () => randomUUID());
    for (let start = 0; start < actionIds.length; start += 10)
      statuses.push(
        ...(await Promise.all(actionIds.slice(start, start + 10).map((id) => report(id)))).map((a) => a.status),
      );
    expect(statuses.filter((status) => status === 201)).toHaveLength(RUN_ISSUES_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);

    const over = await report();
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      `This inspection already has ${RUN_ISSUES_MAX} issues, the most one inspection can hold. Ask the host for help.`,
    );
    expect(await count(`select count(*) as n from alerts where run_id = ?`, runId)).toBe(RUN_ISSUES_MAX);
    // A retried issue that made it in still answers as the first time.
    const accepted = actionIds[statuses.indexOf(201)]!;
    expect((await report(accepted)).status).toBe(201);
  });

  it(`refuses task actions once the run has ${RUN_TASK_ACTIONS_MAX} recorded actions`, async () => {
    const { runId, cleaner, tasks } = await linkHolder();
    const first = await cleaner.tick(tasks[0]!.id);
    expect(first.status).toBe(200);
    // As thousands of earlier ticks would leave the run's capture log (playing them all takes minutes).
    await api.orm.em
      .getConnection()
      .execute(`update capture_heads set seq = ? where run_id = ?`, [RUN_TASK_ACTIONS_MAX - 3, runId]);

    const statuses: number[] = [];
    for (const task of tasks.slice(0, 5)) statuses.push((await cleaner.tick(task.id)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await cleaner.tick(tasks[0]!.id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      `This inspection already has ${RUN_TASK_ACTIONS_MAX} recorded actions, the most one inspection can hold. Ask the host for help.`,
    );
    expect(await count(`select count(*) as n from processed_actions where run_id = ? and kind = 'task'`, runId)).toBe(
      4,
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from './runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { acceptedMember } from './support/team-member.ts';

/** The host closes what cleaners report: resolve with a note, or a follow-up run; owner-scoped. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A run at a new property with two issues reported by its cleaner (one high, one low). */
async function runWithIssues(owner: Owner, propertyName: string) {
  const property = (
    await owner.post('/api/properties', { name: propertyName, address: '9 Pier Rd', timezone: 'America/New_York' })
  ).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id }))
    .body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const task = (await cleaner.openRun()).body.run.tasks[0];
  const report = (severity: string, description: string) =>
    cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: task.id,
      severity,
      description,
    });
  expect((await report('high', 'Bedside lamp broken')).status).toBe(201);
  expect((await report('low', 'Towel frayed')).status).toBe(201);
  const issues = (await owner.get(`/api/runs/${run.id}/issues`)).body as { id: string; description: string }[];
  const byText = (text: string) => issues.find((issue) => issue.description === text)!.id;
  return {
    property,
    run,
    taskTitle: task.task.title as string,
    lamp: byText('Bedside lamp broken'),
    towel: byText('Towel frayed'),
  };
}

describe('issue status', () => {
  it('lists open issues, counts them on the run, and resolves one with a note', async () => {
    const owner = await signedInOwner(api);
    const { run, lamp, taskTitle } = await runWithIssues(owner, 'Gull Cottage');

    const listed = await owner.get(`/api/runs/${run.id}/issues`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: lamp,
        severity: 'high',
        status: 'open',
        task_title: taskTitle,
        resolution_note: null,
      }),
      expect.objectContaining({ severity: 'low', status: 'open' }),
    ]);
    const [card] = (await owner.get('/api/runs')).body;
    expect(card).toMatchObject({ id: run.id, issue_count: 2, open_issue_count: 2 });
    const open = await owner.get('/api/issues/open');
    expect(open.body.total).toBe(2);
    expect(open.body.issues[0]).toMatchObject({
      run_id: run.id,
      property_name: 'Gull Cottage',
      timezone: 'America/New_York',
    });

    const resolved = await owner.post(`/api/runs/${run.id}/issues/${lamp}/resolve`, { note: '  Replaced the bulb.  ' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: lamp, status: 'resolved', resolution_note: 'Replaced the bulb.' });
    expect(Date.parse(resolved.body.resolved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await owner.get(`/api/runs/${run.id}`)).body).toMatchObject({ issue_count: 2, open_issue_count: 1 });
    expect((await owner.get('/api/issues/open')).body.total).toBe(1);

    const again = await owner.post(`/api/runs/${run.id}/issues/${lamp}/resolve`, { note: 'Twice' });
    expect(again).toMatchObject({ status: 409, body: { error: 'This issue is already resolved.' } });
  });

  it('turns an issue into a follow-up run at the same property, once', async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const rosa = await acceptedMember(api, owner, { email: uniqueEmail('rosa'), name: 'Rosa Diaz' });
    const { property, run, towel } = await runWithIssues(owner, 'Heron Point');

    const made = await owner.post(`/api/runs/${run.id}/issues/${towel}/follow-up`, {
      due_at: '2027-03-01T15:00:00Z',
      assigned_to: rosa.id,
      note: 'Rosa brings new towels',
    });
    expect(made.status).toBe(201);
    expect(made.body.issue).toMatchObject({
      id: towel,
      status: 'follow_up',
      follow_up_run_id: made.body.run.id,
      resolution_note: 'Rosa brings new towels',
    });
    expect(made.body.run).toMatchObject({
      property_id: property.id,
      checklist: { name: 'Follow-up: Towel frayed' },
      due_at: '2027-03-01T15:00:00.000Z',
      assigned_to: rosa.id,
      assignee: { id: rosa.id, name: 'Rosa Diaz' },
      task_count: 1,
    });
    expect(made.body.run.tasks[0]).toMatchObject({ title: 'Fix: Towel frayed', required_media: 1 });
    expect(made.body.run.magic_link).toMatch(/\/r\//);

    const twice = await owner.post(`/api/runs/${run.id}/issues/${towel}/follow-up`, {});
    expect(twice).toMatchObject({ status: 409, body: { error: 'This issue already has a follow-up run.' } });
    const runs = await owner.get(
      `/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`,
    );
    expect(runs.body).toHaveLength(2);
  });

  it("answers 404 for another owner's run or issue, and changes nothing", async () => {
    const owner = await signedInOwner(api);
    const intruder = await signedInOwner(api);
    const { run, lamp } = await runWithIssues(owner, 'Private Villa');
    const own = await runWithIssues(intruder, 'Intruder Flat');

    const attempts = [
      () => intruder.get(`/api/runs/${run.id}/issues`),
      () => intruder.post(`/api/runs/${run.id}/issues/${lamp}/resolve`, { note: 'Mine now' }),
      () => intruder.post(`/api/runs/${run.id}/issues/${lamp}/follow-up`, {}),
      // The intruder's own run with the victim's issue id: the pair must belong together.
      () => intruder.post(`/api/runs/${own.run.id}/issues/${lamp}/resolve`, { note: 'Mine now' }),
      () => intruder.post(`/api/runs/${own.run.id}/issues/${lamp}/follow-up`, {}),
    ];
    for (const attempt of attempts) {
      const answer = await attempt();
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatch(/not found/);
    }
    expect((await intruder.get('/api/issues/open')).body.issues.map((issue: { id: string }) => issue.id)).not.toContain(
      lamp,
    );
    const issues = (await owner.get(`/api/runs/${run.id}/issues`)).body;
    expect(issues.every((issue: { status: string }) => issue.status === 'open')).toBe(true);
    const runs = (await intruder.get('/api/runs')).body;
    expect(runs).toHaveLength(1);
  });

  it('answers 400 with a sentence for bad input', async () => {
    const owner = await signedInOwner(api);
    const { run, lamp } = await runWithIssues(owner, 'Dune House');
    const resolve = (body: unknown) => owner.post(`/api/runs/${run.id}/issues/${lamp}/resolve`, body);
    expect(await resolve({})).toMatchObject({
      status: 400,
      body: { error: 'Please write a note on how the issue was resolved.' },
    });
    expect(await resolve({ note: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'Please write a note on how the issue was resolved.' },
    });
    expect(await resolve({ note: 'x'.repeat(1001) })).toMatchObject({
      status: 400,
      body: { error: 'The note must be at most 1000 characters.' },
    });
    expect(await resolve({ note: 42 })).toMatchObject({ status: 400 });
    const followUp = (body: unknown) => owner.post(`/api/runs/${run.id}/issues/${lamp}/follow-up`, body);
    expect(await followUp({ due_at: 'next Tuesday' })).toMatchObject({
      status: 400,
      body: { error: 'due_at must be a valid date and time.' },
    });
    expect(await followUp({ assigned_to: randomUUID() })).toMatchObject({
      status: 400,
      body: { error: 'Team member not found. Choose one of your team members.' },
    });
    expect((await owner.post(`/api/runs/not-a-uuid/issues/${lamp}/resolve`, { note: 'x' })).status).toBe(404);
    // Nothing was written by the refused requests.
    expect((await owner.get(`/api/runs/${run.id}/issues`)).body[0].status).toBe('open');
    expect((await owner.get('/api/runs')).body).toHaveLength(1);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const document = (await (await fetch(`${api.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/issues/open',
        '/api/runs/{runId}/issues',
        '/api/runs/{runId}/issues/{issueId}/resolve',
        '/api/runs/{runId}/issues/{issueId}/follow-up',
      ]),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { runHandle } from '@turnproof/temporal/client';
import { completeRunUpdate, runProgressQuery } from '@turnproof/workflows';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { cameraPhoto, Cleaner } from './cleaner.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

const linkReadableMs = 8_000;

beforeAll(async () => {
  api = await startTestApi({
    runDurations: { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: linkReadableMs },
  });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function newRun(type: 'turnover' | 'move_in' = 'turnover', extra: Record<string, unknown> = {}) {
  const property = await owner.post('/api/properties', { name: 'Lakeview Cabin', address: '12 Shore Rd, Austin TX' });
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.body.id }))}`,
  );
  const checklist = checklists.body.find((c: { type: string }) => c.type === type);
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type,
    checklist_id: checklist.id,
    ...extra,
  });
  expect(run.status).toBe(201);
  return { run: run.body, cleaner: Cleaner.fromLink(run.body.magic_link) };
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const reportMails = (email: string) =>
  api.mailbox.received.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Inspection report:'));
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('a cleaner completes a run through the magic link', () => {
  it('ends with a completed run and one e-mail carrying a PDF with every task and the photos; the link expires after completion', async () => {
    const { run, cleaner } = await newRun('move_in', { meta: { unit: '4B', tenant_name: 'Dana Reyes' } });
    const opened = await cleaner.openRun();
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.body.run).toMatchObject({
      status: 'pending',
      type: 'move_in',
      property: { name: 'Lakeview Cabin' },
      meta: { unit: '4B' },
    });
    const tasks: { id: string; task: { title: string; required_media: number } }[] = opened.body.run.tasks;
    const photosNeeded = tasks.reduce((sum, task) => sum + task.task.required_media, 0);
    expect(photosNeeded).toBeGreaterThan(0);

    for (const [index, task] of tasks.entries()) {
      for (let n = 0; n < task.task.required_media; n += 1) {
        const { reserved, put, confirmed } = await cleaner.uploadPhoto(task.id, await cameraPhoto(`${index}-${n}`));
        expect(reserved.body.path).toMatch(/\/[0-9a-f-]{36}-photo-unit-1\.jpg$/);
        expect(put?.status).toBe(200);
        expect(confirmed?.status).toBe(200);
      }
      const ticked = await cleaner.tick(task.id, { comment: `Done ${index + 1}`, duration_seconds: 60 + index });
      expect(ticked.status).toBe(200);
    }

    const completed = await cleaner.completeWhenAccepted();
    expect(completed.status).toBe(200);
    expect(completed.body.run.status).toBe('completed');

    // The link stays readable after completion.
    expect((await cleaner.http.request('HEAD', `/api/test-run/${cleaner.token}`)).status).toBe(200);
    const after = (await cleaner.openRun()).body.run;
    expect(after.status).toBe('completed');
    expect(new Date(after.started_at).getTime()).toBeLessThanOrEqual(new Date(after.ended_at).getTime());
    expect(after.tasks.every((task: { checked: boolean }) => task.checked)).toBe(true);
    expect(after.tasks.map((task: { comment: string }) => task.comment)).toEqual(tasks.map((_, i) => `Done ${i + 1}`));
    const withPhotos = after.tasks.find((task: { media_count: number }) => task.media_count > 0);
    const thumbnail = await fetch(withPhotos.media[0].thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    const mail = await waitFor('the report e-mail', () => reportMails(owner.email)[0]);
    expect(mail.subject).toBe('Inspection report: Lakeview Cabin Move-In Inspection completed');
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    const pdf = attachment!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squash((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
    expect(text).toContain('Lakeview Cabin');
    expect(text).toContain('Dana Reyes');
    for (const task of tasks) expect(text).toContain(squash(task.task.title));
    expect(text).toContain('100%');
    const embeddedImages = pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? [];
    expect(embeddedImages.length).toBeGreaterThanOrEqual(photosNeeded);

    const reports = await owner.get(`/api/runs/${run.id}/reports`);
    expect(reports.body).toMatchObject([
      {
        version: 1,
        status: 'ready',
        summary: { completed_tasks: tasks.length, total_tasks: tasks.length, completion_rate: 100 },
      },
    ]);
    // As a browser downloads it: from the API, or through the object store's presigned GET it redirects to.
    const download = await fetch(`${owner.baseUrl}/api/runs/${run.id}/reports/1/pdf`, {
      headers: { Cookie: owner.cookie, Accept: 'application/pdf' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /attachment; filename="turnproof-report-lakeview-cabin-/,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const preview = await owner.request('GET', `/api/runs/${run.id}/reports/1/html`, undefined, {
      Accept: 'text/html',
    });
    expect(preview.body).toContain('Lakeview Cabin');

    // Regenerating makes version 2 through its own workflow, with real progress, and mails and meters nothing.
    const regenerated = await owner.post(`/api/runs/${run.id}/reports`);
    expect(regenerated.status).toBe(202);
    expect(regenerated.body.version).toBe(2);
    const versions = await waitFor('version 2', async () => {
      const list = (await owner.get(`/api/runs/${run.id}/reports`)).body;
      return list[0]?.version === 2 && list[0]?.status === 'ready' ? list : undefined;
    });
    expect(versions.map((report: { version: number }) => report.version)).toEqual([2, 1]);
    expect(versions[0].emailed_at).toBeNull();

    const usage = await api.orm.em
      .getConnection()
      .execute<{ reports_this_period: number }[]>(
        'select reports_this_period from billing_accounts where user_id = ?',
        [owner.userId],
      );
    expect(usage[0]?.reports_this_period).toBe(1);

    // Then the link answers 410 (seconds stand in for 7 days here).
    await waitFor(
      'the link to expire',
      async () => ((await cleaner.openRun()).status === 410 ? true : undefined),
      linkReadableMs + 10_000,
    );
    expect((await cleaner.http.request('HEAD', `/api/test-run/${cleaner.token}`)).status).toBe(410);
    expect(reportMails(owner.email)).toHaveLength(1);
  });
});

describe('actions are applied once and in order', () => {
  it('applies the same task action sent 5 times once, and ignores a stale action after a newer one', async () => {
    const { run, cleaner } = await newRun();
    const task = (await cleaner.openRun()).body.run.tasks[0];
    const actionId = 'repeat-action-0001';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cleaner.tick(task.id, { comment: 'Once', duration_seconds: 42 }, actionId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    const processed = await api.orm.em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from processed_actions where run_id = ?', [run.id]);
    expect(processed[0]?.count).toBe('1');

    const newer = new Date();
    const older = new Date(newer.getTime() - 60_000);
    await cleaner.tick(task.id, { checked: false, comment: 'Newer state', timestamp: newer.toISOString() });
    const stale = await cleaner.tick(task.id, { checked: true, comment: 'Stale replay', timestamp: older.getTime() });
    expect(stale.body.applied).toBe(false);
    const stored = (await cleaner.openRun()).body.run.tasks[0];
    expect(stored).toMatchObject({ checked: false, comment: 'Newer state' });
  });

  it('gives every first action racing on a new run the one start time the run keeps, in answers and records', async () => {
    // Several fresh runs, all their tasks ticked at once, so the race for the start time really happens.
    const raced = await Promise.all(Array.from({ length: 4 }, () => newRun()));
    await Promise.all(raced.map(({ run, cleaner }) => expectOneStartTime(run.id, cleaner)));
  });

  async function expectOneStartTime(runId: string, cleaner: Cleaner) {
    const tasks = (await cleaner.openRun()).body.run.tasks;
    const answers = await Promise.all(tasks.map((task: { id: string }) => cleaner.tick(task.id, { comment: 'Race' })));
    expect(answers.map((answer) => answer.status)).toEqual(tasks.map(() => 200));
    const stored = await api.orm.em
      .getConnection()
      .execute<{ started_at: string }[]>('select started_at from runs where id = ?', [runId]);
    const startedAt = new Date(stored[0]!.started_at).toISOString();
    for (const answer of answers) expect(answer.body.run).toEqual({ status: 'in_progress', started_at: startedAt });
    const records = await api.orm.em
      .getConnection()
      .execute<{ started_at: string }[]>(
        `select response #>> '{run,started_at}' as started_at from processed_actions where run_id = ?`,
        [runId],
      );
    expect(records.map((record) => record.started_at)).toEqual(tasks.map(() => startedAt));
  }

  it('applies a burst of actions from several runs to exactly the right tasks, refusing only the bad ones', async () => {
    // Sent at once, the actions share the API's statements: a refused or stale one must not spoil the rest.
    const runs = await Promise.all(Array.from({ length: 3 }, () => newRun()));
    const opened = await Promise.all(runs.map(async ({ cleaner }) => (await cleaner.openRun()).body.run));
    const newer = Date.now();
    const ticks = runs.flatMap(({ cleaner }, r) =>
      opened[r].tasks.map((task: { id: string }, t: number) =>
        cleaner.tick(task.id, { comment: `Run ${r} task ${t}`, duration_seconds: 10 * r + t, timestamp: newer }),
      ),
    );
    const first = runs[0]!.cleaner;
    const firstTask = opened[0].tasks[0].id;
    const stale = first.tick(firstTask, { checked: false, comment: 'Stale', timestamp: newer - 60_000 });
    const foreign = first.tick(opened[1].tasks[0].id, { comment: 'Not mine' });
    const unknownLink = new Cleaner(api.baseUrl, 'not-a-real-token-000000').tick(firstTask, { comment: 'Nobody' });
    const answers = await Promise.all(ticks);
    expect(answers.map((answer) => answer.status)).toEqual(ticks.map(() => 200));
    expect([(await foreign).status, (await unknownLink).status]).toEqual([403, 404]);
    expect((await stale).status).toBe(200);

    for (const [r, { cleaner }] of runs.entries()) {
      const stored = (await cleaner.openRun()).body.run.tasks;
      expect(
        stored.map((task: { checked: boolean; comment: string; duration_seconds: number }) => [
          task.checked,
          task.comment,
          task.duration_seconds,
        ]),
      ).toEqual(opened[r].tasks.map((_: unknown, t: number) => [true, `Run ${r} task ${t}`, 10 * r + t]));
    }
  });

  it("tells the run's workflow a burst of ticks in a couple of signals, each task at its newest state", async () => {
    const { run, cleaner } = await newRun();
    const tasks: { id: string }[] = (await cleaner.openRun()).body.run.tasks;
    for (const task of tasks) expect((await cleaner.tick(task.id)).status).toBe(200);
    // A change of mind on the first task: the workflow must end with it unchecked.
    expect((await cleaner.tick(tasks[0]!.id, { checked: false })).status).toBe(200);

    const handle = runHandle(api.temporal, run.id);
    const progress = await waitFor('the workflow to hear every tick', async () => {
      const known = await handle.query(runProgressQuery);
      return known.tasksChecked === tasks.length - 1 ? known : undefined;
    });
    expect(progress).toMatchObject({ status: 'in_progress', tasksTotal: tasks.length });
    const history = await handle.fetchHistory();
    const progressSignals = (history.events ?? []).filter(
      (event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'progress',
    );
    // One signal as the first tick answers, the rest together after the pause between signals.
    expect(progressSignals.length).toBeGreaterThan(0);
    expect(progressSignals.length).toBeLessThanOrEqual(3);
  });

  it('answers one of 20 concurrent completions with success and the rest with 409, and makes one report', async () => {
    const { run, cleaner } = await newRun();
    const tasks = (await cleaner.openRun()).body.run.tasks;
    for (const [index, task] of tasks.entries()) {
      for (let n = 0; n < task.task.required_media; n += 1)
        await cleaner.uploadPhoto(task.id, await cameraPhoto(`c${index}${n}`, 400, 300));
      await cleaner.tick(task.id);
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => cleaner.complete()));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe('This run is already completed.');
    await waitFor('the report', async () => {
      const reports = (await owner.get(`/api/runs/${run.id}/reports`)).body;
      return reports[0]?.status === 'ready' ? reports : undefined;
    });
    const rows = await api.orm.em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from reports where run_id = ?', [run.id]);
    expect(rows[0]?.count).toBe('1');
  });

  it("answers a retried completion whose first answer was lost with that completion's answer", async () => {
    const { run, cleaner } = await newRun();
    const tasks = (await cleaner.openRun()).body.run.tasks;
    for (const [index, task] of tasks.entries()) {
      for (let n = 0; n < task.task.required_media; n += 1)
        await cleaner.uploadPhoto(task.id, await cameraPhoto(`l${index}${n}`, 400, 300));
      await cleaner.tick(task.id);
    }
    // The first request reached the workflow, but its answer never reached the phone (a deadline, a drop).
    const actionId = randomUUID();
    const stored = tasks.map((task: { id: string }) => ({ id: task.id, checked: true, confirmedMedia: 5 }));
    await runHandle(api.temporal, run.id).executeUpdate(completeRunUpdate, {
      args: [{ tasks: stored }],
      updateId: `complete/${actionId}`,
    });
    const retried = await cleaner.complete(actionId);
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('Run completed successfully!');
    expect((await cleaner.complete(actionId)).body).toEqual(retried.body);
    const another = await cleaner.complete();
    expect(another.status).toBe(409);
    expect(another.body.error).toBe('This run is already completed.');
  });

  it('refuses completion while required tasks or photos are missing, naming them', async () => {
    const { cleaner } = await newRun();
    const tasks = (await cleaner.openRun()).body.run.tasks;
    const needsPhoto = tasks.find((task: { task: { required_media: number } }) => task.task.required_media > 0);
    await cleaner.tick(needsPhoto.id);
    const refused = await cleaner.completeWhenAccepted();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Complete these tasks first: /);
    expect(refused.body.error).toContain(
      `${needsPhoto.task.title} (needs ${needsPhoto.task.required_media} more photo`,
    );
  });
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Client } from '@temporalio/client';
import { reportPhotoCopyPath } from '@turnproof/platform/report';
import { ensureSchedules, findTemporalCli, scheduleDefinitions, SCHEDULE_IDS } from '@turnproof/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner, cameraPhoto } from '../runner/cleaner.ts';
import { setBillingState } from '../support/billing-state.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const DAY = 24 * 60 * 60 * 1000;

let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi();
  worker = await startWorkerProcess(api);
  // What `npm start` does (with the search attributes of the global setup), for this test's task queue.
  await ensureSchedules(api.temporal, api.config);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const sql = <T>(query: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(query, params);

/** Triggers a schedule now and waits for the workflow it started. */
async function triggerAndWait(client: Client, scheduleId: string): Promise<unknown> {
  const handle = client.schedule.getHandle(scheduleId);
  const before = (await handle.describe()).info.recentActions.length;
  await handle.trigger();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const actions = (await handle.describe()).info.recentActions;
    const started = actions.length > before ? actions.at(-1) : undefined;
    if (started) return client.workflow.getHandle(started.action.workflow.workflowId).result();
    if (Date.now() > deadline) throw new Error(`${scheduleId} started nothing\n${worker.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A run of the owner with one uploaded photo, created `daysAgo` days ago; answers the run and the photo's files. */
async function runWithPhoto(owner: Owner, daysAgo: number) {
  const property = await owner.post('/api/properties', { name: `Retention ${daysAgo}`, address: '3 Keep St' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const [task] = (await cleaner.openRun()).body.run.tasks;
  await cleaner.uploadPhoto(task.id, await cameraPhoto(`retention-${daysAgo}`, 64, 64));
  await sql(`update runs set created_at = ? where id = ?`, [new Date(Date.now() - daysAgo * DAY), run.id]);
  const reportPdf = `reports/${run.id}/v1.pdf`;
  await api.storage.write(reportPdf, Buffer.from('%PDF-1.7 report'));
  const [media] = await sql<{ path: string; thumbnail_path: string }>(
    `select path, thumbnail_path from media where run_id = ?`,
    [run.id],
  );
  if (!media) throw new Error('the photo was not stored');
  // The worker's photo checks make the copy the reports embed; it is the photo too, and goes with it.
  const reportCopy = reportPhotoCopyPath(media.path);
  const deadline = Date.now() + 60_000;
  while (!(await api.storage.exists(reportCopy))) {
    if (Date.now() > deadline) throw new Error(`No report copy of the photo\n${worker.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { runId: run.id as string, files: [media.path, media.thumbnail_path, reportCopy], reportPdf };
}

async function kept(item: Awaited<ReturnType<typeof runWithPhoto>>) {
  const rows = await sql<{ id: string }>(`select id from media where run_id = ?`, [item.runId]);
  const files = await Promise.all(item.files.map((file) => api.storage.exists(file)));
  return { rows: rows.length, files, reportPdf: await api.storage.exists(item.reportPdf) };
}

describe('schedules', () => {
  it('exist after the bootstrap, which may run again', async () => {
    expect(await ensureSchedules(api.temporal, api.config)).toEqual([]);
    const { stdout } = await promisify(execFile)(await findTemporalCli(), [
      ...['schedule', 'list', '--output', 'json'],
      ...['--address', api.config.TEMPORAL_ADDRESS, '--namespace', api.config.TEMPORAL_NAMESPACE],
    ]);
    const listed = (JSON.parse(stdout) as { scheduleId: string }[]).map((schedule) => schedule.scheduleId);
    // Every schedule of this configuration (the backup's only with BACKUP_DIR, which the tests leave unset).
    const expected = scheduleDefinitions(api.config).map((definition) => definition.scheduleId);
    expect(expected).toHaveLength(Object.keys(SCHEDULE_IDS).length - 1);
    expect(listed).toEqual(expect.arrayContaining(expected));
    const purge = await api.temporal.schedule.getHandle(SCHEDULE_IDS.mediaPurge).describe();
    expect(purge.action).toMatchObject({ workflowType: 'mediaPurge', taskQueue: api.config.TEMPORAL_TASK_QUEUE });
    const anchors = await api.temporal.schedule.getHandle(SCHEDULE_IDS.captureAnchors).describe();
    expect(anchors.action).toMatchObject({ workflowType: 'captureAnchors' });
    expect(anchors.spec.intervals).toEqual([{ every: 3_600_000, offset: 600_000 }]);
  });

  it('a triggered media purge removes only flex media older than 30 days (photo, thumbnail, report copy), and keeps report PDFs', async () => {
    const flex = await signedInOwner(api);
    await setBillingState(api, flex.userId, { trial_ends_at: null });
    const paid = await signedInOwner(api);
    await setBillingState(api, paid.userId, { plan_key: 'pro', plan_status: 'active', trial_ends_at: null });
    const oldFlex = await runWithPhoto(flex, 31);
    const recentFlex = await runWithPhoto(flex, 29);
    const oldPaid = await runWithPhoto(paid, 45);
    expect(await kept(oldFlex)).toEqual({ rows: 1, files: [true, true, true], reportPdf: true });

    const result = (await triggerAndWait(api.temporal, SCHEDULE_IDS.mediaPurge)) as { media: number };
    expect(result.media).toBeGreaterThanOrEqual(1);
    expect(await kept(oldFlex)).toEqual({ rows: 0, files: [false, false, false], reportPdf: true });
    expect(await kept(recentFlex)).toEqual({ rows: 1, files: [true, true, true], reportPdf: true });
    expect(await kept(oldPaid)).toEqual({ rows: 1, files: [true, true, true], reportPdf: true });
  });

  it('a triggered purge of unconfirmed media removes uploads never confirmed for a day, files and rows', async () => {
    const owner = await signedInOwner(api);
    const kept = await runWithPhoto(owner, 0);
    const run = (await sql<{ run_id: string }>(`select run_id from media where path = ?`, [kept.files[0]])).at(0)!;
    const [task] = await sql<{ id: string }>(`select id from run_tasks where run_id = ? limit 1`, [run.run_id]);
    // An abandoned upload: reserved and sent, never confirmed.
    const cleanerLink = (await owner.get(`/api/runs/${run.run_id}`)).body.magic_link as string;
    const cleaner = Cleaner.fromLink(cleanerLink);
    const reserved = await cleaner.http.post('/api/public/upload', {
      token: cleaner.token,
      runTaskId: task!.id,
      fileName: 'abandoned.jpg',
      contentType: 'image/jpeg',
      size: 2000,
      action_id: randomUUID(),
    });
    const photo = await cameraPhoto('abandoned', 32, 32);
    expect((await fetch(reserved.body.uploadUrl, { method: 'PUT', body: new Uint8Array(photo) })).status).toBe(200);
    expect(await api.storage.exists(reserved.body.path)).toBe(true);
    await sql(`update media set created_at = ? where path = ?`, [new Date(Date.now() - 2 * DAY), reserved.body.path]);
    // The confirmed photo is as old, and stays.
    await sql(`update media set created_at = ? where path = ?`, [new Date(Date.now() - 2 * DAY), kept.files[0]]);

    const result = (await triggerAndWait(api.temporal, SCHEDULE_IDS.unconfirmedMediaPurge)) as { media: number };
    expect(result.media).toBeGreaterThanOrEqual(1);
    expect(await api.storage.exists(reserved.body.path)).toBe(false);
    expect(await sql(`select id from media where path = ?`, [reserved.body.path])).toHaveLength(0);
    expect(await sql(`select id from media where path = ?`, [kept.files[0]])).toHaveLength(1);
    expect(await api.storage.exists(kept.files[0]!)).toBe(true);
  });

  it('a triggered trial sweep starts the missing workflow of a user in trial', async () => {
    const owner = await signedInOwner(api);
    // As if Temporal had been down at sign-up: a trial in the database with no workflow.
    const userId = randomUUID();
    await sql(`insert into users (id, email, created_at, updated_at) values (?, ?, now(), now())`, [
      userId,
      `sweep-${userId}@example.test`,
    ]);
    await setBillingState(api, userId, { trial_ends_at: new Date(Date.now() + 10 * DAY) });

    const result = (await triggerAndWait(api.temporal, SCHEDULE_IDS.trialSweep)) as { started: number };
    expect(result.started).toBeGreaterThanOrEqual(1);
    expect((await api.temporal.workflow.getHandle(`trial/${userId}`).describe()).status.name).toBe('RUNNING');
    // The signed-up owner's trial was already running and is left as it was.
    expect((await api.temporal.workflow.getHandle(`trial/${owner.userId}`).describe()).status.name).toBe('RUNNING');
  });

  it('a triggered weekly summary mails each host the week of runs, issues and reports', async () => {
    const owner = await signedInOwner(api);
    const property = await owner.post('/api/properties', { name: 'Summary Loft', address: '7 Week St' });
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id });

    await triggerAndWait(api.temporal, SCHEDULE_IDS.weeklySummary);
    const mail = await api.mailbox.latest(owner.email, /^Your Turnproof week/);
    expect(mail.subject).toBe('Your Turnproof week: 1 run, 0 issues, 0 reports');
    expect(mail.text).toContain('Summary Loft: Turnover, pending');
  });
});

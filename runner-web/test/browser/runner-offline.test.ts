import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Checklist, Property, Task } from '@turnproof/db';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto } from '../../../api/test/runner/cleaner.ts';
import { signedInOwner } from '../../../api/test/support/browser.ts';
import { startTestApi, type TestApi } from '../../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../api/test/support/worker-process.ts';
import { launchPhone, type Phone } from './chromium.ts';

/**
 * The runner PWA with no signal: the built app and its service worker served by the real API, in a
 * 360 px touch Chromium. A cleaner loads the run online, loses the network, works through the offline
 * view, reloads the page still offline (the service worker serves the app, IndexedDB the run and the
 * queue), then reconnects; everything reaches the server exactly once.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const UI_TIMEOUT_MS = 15_000;
const SYNC_TIMEOUT_MS = 45_000;
const OFFLINE_BANNER =
  "You're offline. Your actions and photos will be queued and uploaded automatically when you reconnect.";

/** The API serves runner-web/dist; build it once when it (or its service worker) is missing. */
function ensureBuilt() {
  if (existsSync(join(repoRoot, 'runner-web/dist/sw.js'))) return;
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@turnproof/runner-web'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`runner-web build failed:\n${build.stdout}\n${build.stderr}`);
}

const TASKS = [
  { title: 'Strip and remake the beds', required_media: 0 },
  { title: 'Photograph the kitchen', required_media: 1 },
  { title: 'Lock the back door', required_media: 0 },
];
const commentOf = (index: number) => `Offline note ${index + 1}`;

let api: TestApi;
let worker: WorkerProcess;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let phone: Phone;

beforeAll(async () => {
  ensureBuilt();
  api = await startTestApi();
  [worker, owner, phone] = await Promise.all([startWorkerProcess(api), signedInOwner(api), launchPhone()]);
});

afterAll(async () => {
  await phone?.close();
  await worker?.stop();
  await api?.close();
});

/** A property with a small checklist of its own (3 tasks, one needing a photo), and a run of it. */
async function newRun(): Promise<{ id: string; magic_link: string }> {
  const property = await owner.post('/api/properties', { name: 'Lakeview Cabin', address: '12 Shore Rd, Austin TX' });
  expect(property.status).toBe(201);
  const em = api.orm.em.fork();
  const checklist = em.create(Checklist, {
    property: em.getReference(Property, property.body.id),
    name: 'Quick Turnover',
    type: 'turnover',
  });
  TASKS.forEach((task, order_index) => em.create(Task, { checklist, ...task, order_index }));
  await em.flush();
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    checklist_id: checklist.id,
  });
  expect(run.status).toBe(201);
  return run.body;
}

async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(tmpdir(), `turnproof-runner-${name}-${Date.now()}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  return path;
}

const sql = <T>(query: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(query, params);

const processedActions = (runId: string) =>
  sql<{ action_id: string; kind: string }>(
    'select action_id, kind from processed_actions where run_id = ? order by created_at',
    [runId],
  );

/** The offline list's item of a task. */
const offlineTask = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });

/** Every task checked, with its comment, and the photo counted, as the offline view shows them. */
async function expectOfflineWorkShown(page: Page) {
  for (const [index, task] of TASKS.entries()) {
    const item = offlineTask(page, task.title);
    await expect.poll(() => item.getByRole('checkbox').isChecked(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await expect.poll(() => item.getByLabel('Comment').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(commentOf(index));
    if (task.required_media > 0) await item.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
  }
}

describe('the runner PWA offline, in a phone-sized Chromium', () => {
  it('keeps working with no signal, survives an offline reload, and syncs everything once on reconnect', async () => {
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The service worker has precached the app shell once it controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: UI_TIMEOUT_MS });

      await phone.context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });

      for (const [index, task] of TASKS.entries()) {
        const item = offlineTask(page, task.title);
        const check = item.getByRole('checkbox');
        if (task.required_media > 0) {
          expect(await check.isDisabled()).toBe(true);
          // Compressed off the main thread: the worker chunk comes from the service worker's precache.
          await item.getByLabel('Add a photo or video').setInputFiles({
            name: 'IMG_0042.JPG',
            mimeType: 'image/jpeg',
            buffer: await cameraPhoto(`runner-offline-${index}`),
          });
          await item.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
        }
        await expect.poll(() => check.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        // A controlled checkbox: it shows checked once the change is queued in IndexedDB.
        await check.click();
        await expect.poll(() => check.isChecked(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        await expect.poll(() => check.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        const comment = item.getByLabel('Comment');
        await comment.fill(commentOf(index));
        await comment.blur(); // saved on blur
      }
      // 3 checks, 3 comments and 1 photo, all on the device.
      await page.getByText('7 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await expectOfflineWorkShown(page);
      await screenshot(page, 'offline-work');

      // Still offline: the service worker serves the app, IndexedDB the run and the queue.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('7 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await expectOfflineWorkShown(page);
      await screenshot(page, 'offline-reloaded');
      // The reload came from the service worker, which is registered for both forms of the link.
      const workers = await page.evaluate(async () => ({
        controlled: navigator.serviceWorker.controller !== null,
        scopes: (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort(),
      }));
      expect(workers).toEqual({ controlled: true, scopes: ['/r/', '/run/'] });

      // Back online the queue drains by itself (no tap); the online view shows the sync panel only when stuck.
      await phone.context.setOffline(false);
      await expect
        .poll(() => processedActions(run.id).then((actions) => actions.length), { timeout: SYNC_TIMEOUT_MS })
        .toBe(2 * TASKS.length + 2);
      await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'back-online');
      // The device's queue is empty: the offline panel says so.
      await phone.context.setOffline(true);
      await page.getByText('All synced').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByText(/\d+ queued/).count()).toBe(0);
      await phone.context.setOffline(false);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, 'offline-failed').catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }

    const tasks = await sql<{ id: string; title: string; checked: boolean; comment: string | null }>(
      'select id, title, checked, comment from run_tasks where run_id = ? order by order_index',
      [run.id],
    );
    expect(tasks.map(({ title, checked, comment }) => ({ title, checked, comment }))).toEqual(
      TASKS.map((task, index) => ({ title: task.title, checked: true, comment: commentOf(index) })),
    );

    const media = await sql<{ run_task_id: string; status: string }>(
      'select run_task_id, status from media where run_id = ?',
      [run.id],
    );
    expect(media).toEqual([{ run_task_id: tasks[1]!.id, status: 'confirmed' }]);

    const actions = await processedActions(run.id);
    console.log(`processed_actions: ${actions.map((action) => action.kind).join(', ')}`);
    expect(new Set(actions.map((action) => action.action_id)).size).toBe(actions.length);
    const kinds = actions.map((action) => action.kind);
    expect(kinds.filter((kind) => kind === 'task')).toHaveLength(2 * TASKS.length);
    expect(kinds.filter((kind) => kind === 'upload')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'media-confirm')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'complete')).toHaveLength(0);
  });
});

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checklist, Property, Task } from '@turnproof/db';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { cameraPhoto } from '../../../api/test/runner/cleaner.ts';
import { signedInOwner } from '../../../api/test/support/browser.ts';
import { startTestApi, type TestApi, type TestApiOptions } from '../../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../api/test/support/worker-process.ts';
import { sharedPhone, PHONE, type Phone } from './chromium.ts';
import { ensureBuilt } from './runner-build.ts';

/**
 * What the runner's browser tests share: the built app served by the real test API (with a worker
 * process), a signed-in owner who makes runs, and a 360 px touch Chromium.
 */

export const UI_TIMEOUT_MS = 15_000;
export const SYNC_TIMEOUT_MS = 45_000;
export const OFFLINE_BANNER =
  "You're offline. Your actions and photos will be queued and uploaded automatically when you reconnect.";
export const INVALID_LINK_TEXT = 'This link is invalid, expired, or revoked. Please ask the host for a new link.';

/** A small checklist: three tasks, the second needing a photo. */
export const TASKS = [
  { title: 'Strip and remake the beds', required_media: 0 },
  { title: 'Photograph the kitchen', required_media: 1 },
  { title: 'Lock the back door', required_media: 0 },
] as const;

export type TaskSpec = { title: string; required_media: number; description?: string; camera_only?: boolean };

export interface RunnerHarness {
  api: TestApi;
  worker: WorkerProcess;
  owner: Awaited<ReturnType<typeof signedInOwner>>;
  phone: Phone;
  /** A property (with `property`'s fields too) with a checklist of its own (`tasks`), and a run of it. */
  newRun(tasks?: readonly TaskSpec[], property?: Record<string, unknown>): Promise<{ id: string; magic_link: string }>;
  sql<T>(query: string, params: unknown[]): Promise<T[]>;
  /** This run's processed_actions, oldest first. */
  processedActions(runId: string): Promise<{ action_id: string; kind: string }[]>;
  close(): Promise<void>;
}

/** Builds the app when needed, starts the test API, a worker process, an owner and the phone. */
export async function startRunnerHarness(
  options: TestApiOptions = {},
  chromiumArgs: string[] = [],
): Promise<RunnerHarness> {
  ensureBuilt();
  const api = await startTestApi(options);
  let worker: WorkerProcess | undefined;
  let phone: Phone | undefined;
  try {
    let owner: RunnerHarness['owner'];
    [worker, owner, phone] = await Promise.all([
      startWorkerProcess(api),
      signedInOwner(api),
      sharedPhone(chromiumArgs),
    ]);
    const sql = <T>(query: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(query, params);
    return {
      api,
      worker,
      owner,
      phone,
      async newRun(tasks = TASKS, fields = {}) {
        const property = await owner.post('/api/properties', {
          name: 'Lakeview Cabin',
          address: '12 Shore Rd, Austin TX',
          ...fields,
        });
        expect(property.status).toBe(201);
        const em = api.orm.em.fork();
        const checklist = em.create(Checklist, {
          property: em.getReference(Property, property.body.id),
          name: 'Quick Turnover',
          type: 'turnover',
        });
        tasks.forEach((task, order_index) => em.create(Task, { checklist, ...task, order_index }));
        await em.flush();
        const run = await owner.post('/api/runs', {
          property_id: property.body.id,
          type: 'turnover',
          checklist_id: checklist.id,
        });
        expect(run.status).toBe(201);
        return run.body;
      },
      sql,
      processedActions: (runId) =>
        sql<{ action_id: string; kind: string }>(
          'select action_id, kind from processed_actions where run_id = ? order by created_at',
          [runId],
        ),
      async close() {
        await phone?.close();
        await worker?.stop();
        await api.close();
      },
    };
  } catch (error) {
    await phone?.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await api.close();
    throw error;
  }
}

/**
 * A test file's harness: started before its tests (as by startRunnerHarness with these arguments) and
 * closed after them. Returns a getter: the harness exists only once beforeAll has run.
 */
export function useRunnerHarness(options: TestApiOptions = {}, chromiumArgs: string[] = []): () => RunnerHarness {
  let harness: RunnerHarness | undefined;
  beforeAll(async () => {
    harness = await startRunnerHarness(options, chromiumArgs);
  });
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('The runner harness has not started (it starts in beforeAll).');
    return harness;
  };
}

/** A full-page screenshot in the temp folder; its path is logged. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(tmpdir(), `turnproof-runner-${name}-${Date.now()}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  return path;
}

/**
 * Runs `use`; if it fails, a screenshot of `page` named `name` is saved (best effort) before the error
 * goes on. `close` (by default closing the page) runs either way.
 */
export async function screenshotOnFailure(
  page: Page,
  name: string,
  use: () => Promise<void>,
  close: () => Promise<void> = () => page.close(),
): Promise<void> {
  try {
    await use();
  } catch (error) {
    await screenshot(page, name).catch(() => undefined);
    throw error;
  } finally {
    await close();
  }
}

/** Waits for `title` to be the current task, and answers its card. */
export async function currentTaskIs(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('region', { name: title });
  await card.getByRole('heading', { level: 2, name: title }).waitFor({ timeout: UI_TIMEOUT_MS });
  return card;
}

/** The phone at 390 x 844 (an iPhone 12 to 15's width), in a context of its own. */
export const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } } as const;

/**
 * Opens a run's magic link and waits until the service worker controls the page and is registered and
 * active for each scope the runner answers: /r/, /run/ and the schedule's /c/ (the registration waits for
 * the first screen and needs the network).
 */
export async function openControlledRun(page: Page, magicLink: string): Promise<void> {
  await page.goto(magicLink);
  await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
  // page.evaluate awaits the check (waitForFunction would take the pending Promise itself as a yes).
  const ready = () =>
    page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      return (
        navigator.serviceWorker.controller !== null &&
        registrations.length === 3 &&
        registrations.every((registration) => registration.active !== null)
      );
    });
  await expect.poll(ready, { timeout: UI_TIMEOUT_MS }).toBe(true);
}

/** Picks a camera JPEG (`seed` makes it distinct) with the file picker labelled `pickerLabel` inside `scope`. */
export async function pickCameraPhoto(scope: Locator, pickerLabel: string, seed: string): Promise<void> {
  await scope.getByLabel(pickerLabel).setInputFiles({
    name: 'IMG_0042.JPG',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(seed),
  });
}

/** Picks a camera JPEG for a task needing one photo, and waits for it to count. */
export async function addCameraPhoto(scope: Locator, pickerLabel: string, seed: string): Promise<void> {
  await pickCameraPhoto(scope, pickerLabel, seed);
  await scope.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
}

import { describe, expect, it } from 'vitest';
import {
  INVALID_LINK_TEXT,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  TASKS,
  UI_TIMEOUT_MS,
  addCameraPhoto,
} from './runner-harness.ts';

/**
 * The runner PWA as a cleaner uses it: the built app served by the real API at /r/{token}, in a
 * 360 px touch Chromium, online. Every write goes through the device queue and the real public API.
 */

const harness = useRunnerHarness();

describe('the runner PWA online, in a phone-sized Chromium', () => {
  it('lets a cleaner do every task with a photo and notes, then complete the run; the server has each once', async () => {
    const { phone, sql, newRun } = harness();
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'failed', async () => {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const allTasks = page.getByRole('region', { name: 'All Tasks' });
      for (const task of TASKS) await allTasks.getByText(task.title).waitFor();

      const currentTask = page.getByRole('region', { name: /^(Strip|Photograph|Lock)/ });
      for (const [index, task] of TASKS.entries()) {
        await currentTask.getByRole('heading', { level: 2, name: task.title }).waitFor({ timeout: UI_TIMEOUT_MS });
        const complete = currentTask.getByRole('button', { name: 'Complete Task' });
        if (task.required_media > 0) {
          expect(await complete.isDisabled()).toBe(true);
          await addCameraPhoto(currentTask, 'Add photos or video', `runner-online-${index}`);
          await page
            .getByRole('status')
            .filter({ hasText: 'File uploaded successfully' })
            .first()
            .waitFor({ timeout: UI_TIMEOUT_MS });
          await screenshot(page, 'photo-task');
        }
        await currentTask.getByLabel('Notes (optional)').fill(`Note ${index + 1}`);
        await complete.click({ timeout: UI_TIMEOUT_MS });
      }

      await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Run Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Thank you! The host has been notified.').waitFor();
      // 'Run Complete' shows as soon as the completion is queued; this toast follows the server's answer.
      await page
        .getByRole('status')
        .filter({ hasText: 'Run completed successfully!' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'complete');
      expect(errors).toEqual([]);
    });

    const [stored] = await sql<{ status: string; started_at: Date | null; ended_at: Date | null }>(
      'select status, started_at, ended_at from runs where id = ?',
      [run.id],
    );
    expect(stored?.status).toBe('completed');
    expect(stored?.ended_at).not.toBeNull();

    const tasks = await sql<{
      id: string;
      title: string;
      checked: boolean;
      comment: string | null;
      duration_seconds: number | null;
      checked_at: Date | null;
    }>(
      'select id, title, checked, comment, duration_seconds, checked_at from run_tasks where run_id = ? order by order_index',
      [run.id],
    );
    expect(tasks.map(({ title, checked, comment }) => ({ title, checked, comment }))).toEqual(
      TASKS.map((task, index) => ({ title: task.title, checked: true, comment: `Note ${index + 1}` })),
    );
    console.log(`task durations (s): ${tasks.map((task) => task.duration_seconds).join(', ')}`);
    for (const task of tasks) {
      expect(task.duration_seconds).toEqual(expect.any(Number));
      expect(task.duration_seconds).toBeGreaterThanOrEqual(0);
      expect(task.checked_at).not.toBeNull();
    }

    const media = await sql<{ run_task_id: string; status: string; content_type: string }>(
      'select run_task_id, status, content_type from media where run_id = ?',
      [run.id],
    );
    expect(media).toEqual([{ run_task_id: tasks[1]!.id, status: 'confirmed', content_type: expect.any(String) }]);

    const actions = await sql<{ action_id: string; kind: string }>(
      'select action_id, kind from processed_actions where run_id = ? order by created_at',
      [run.id],
    );
    console.log(`processed_actions: ${actions.map((action) => action.kind).join(', ')}`);
    expect(new Set(actions.map((action) => action.action_id)).size).toBe(actions.length);
    const kinds = actions.map((action) => action.kind);
    expect(kinds.filter((kind) => kind === 'task')).toHaveLength(TASKS.length);
    expect(kinds.filter((kind) => kind === 'upload')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'media-confirm')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'complete')).toHaveLength(1);
  });

  it('shows Invalid Magic Link for an unknown token', async () => {
    const page = await harness().phone.context.newPage();
    try {
      await page.goto(`${harness().api.baseUrl}/r/not-a-real-token-0000000000`);
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(INVALID_LINK_TEXT).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'invalid-link');
    } finally {
      await page.close();
    }
  });
  /** Opens the link once (the device now has the run cached), lets `spoil` end it, and reloads it. */
  async function expectInvalidAfter(name: string, spoil: (run: { id: string }) => Promise<void>) {
    const run = await harness().newRun();
    const page = await harness().phone.context.newPage();
    try {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await spoil(run);
      // The server's 410 wins over the device's cached copy of the run.
      await page.reload();
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(INVALID_LINK_TEXT).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('heading', { name: 'Quick Turnover' }).count()).toBe(0);
      await screenshot(page, name);
    } finally {
      await page.close();
    }
  }

  it('shows Invalid Magic Link for a link the host revoked', async () => {
    await expectInvalidAfter('revoked-link', async (run) => {
      const revoked = await harness().owner.delete(`/api/runs/${run.id}/link`);
      expect(revoked.status).toBe(200);
    });
  });

  it('shows Invalid Magic Link for an expired link', async () => {
    await expectInvalidAfter('expired-link', async (run) => {
      await harness().sql('update runs set link_expired_at = now() where id = ?', [run.id]);
    });
  });
});

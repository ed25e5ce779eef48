import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { newRun, waitFor } from '../proof/proof-support.ts';
import { completeThroughMagicLink } from './cleaner.ts';

// A completion the run's workflow does not answer in time (no worker polls, as when every worker is busy or
// restarting) was a 500; the work is stored, so the cleaner is asked to try again, as when Temporal is away.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

// No retry: a second try would meet the first one's Update still waiting, a different answer.
it(
  'answers 503 "Your work is saved; please try again" when no worker answers the completion in time',
  { retry: 0 },
  async () => {
    const owner = await signedInOwner(api);
    const { run, cleaner } = await newRun(owner);
    // The run's workflow is started (by the outbox) but nobody runs it.
    await waitFor('the run workflow', () =>
      api.temporal.workflow
        .getHandle(`run/${run.id}`)
        .describe()
        .then(
          () => true,
          () => undefined,
        ),
    );
    await expect(completeThroughMagicLink(cleaner)).rejects.toThrow(
      'complete failed: 503 {"error":"The run could not be completed right now. Your work is saved; please try again in a moment."',
    );
    const stored = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ checked: boolean }[]>('select checked from run_tasks where run_id = ?', [run.id]);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((task) => task.checked)).toBe(true);
  },
);

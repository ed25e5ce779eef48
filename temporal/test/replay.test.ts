import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { bundleTurnproofWorkflows } from '../src/index.ts';

const historiesDir = path.join(import.meta.dirname, 'histories');
const histories = (await readdir(historiesDir)).filter((file) => file.endsWith('.json'));

/**
 * Recorded histories of finished workflows must replay on the current workflow code: a change that
 * would break runs in flight fails here and needs `patched()`. Re-record with
 * `RECORD_WORKFLOW_HISTORIES=1 npx vitest run temporal/test/inspection-run.test.ts` (runs and reports) or
 * `... api/test/billing/stripe-billing.test.ts` (billing, recorded while the workflow still runs) or
 * `... api/test/proof/photo-checks.test.ts` (a photo's checks) only for
 * intended changes whose old histories can no longer be in flight.
 */
describe('workflow histories replay on the current code', () => {
  it('has recorded histories to replay', () => {
    expect(histories.length).toBeGreaterThanOrEqual(2);
  });

  for (const file of histories) {
    it(`replays ${file}`, async () => {
      const history: unknown = JSON.parse(await readFile(path.join(historiesDir, file), 'utf8'));
      await Worker.runReplayHistory({ workflowBundle: await bundleTurnproofWorkflows() }, history);
    });
  }
});

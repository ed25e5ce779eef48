import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { WorkflowExecutionInfo } from '@temporalio/client';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { closeSharedChromiums } from '../support/shared-chromium.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { claimPackZip, newRun, type Owner, pdfText, reportPdf, waitFor } from '../proof/proof-support.ts';

// Security review N7: every GET /api/runs/{id}/claim-pack launched a new Chromium inside the API process,
// without limit; 30 parallel requests were 30 browsers in the container that serves every tenant.

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;
const PRINTS_PER_HOUR = 2;

beforeAll(async () => {
  // The browser an earlier browser test file of this vitest worker left for the next runs below this process too.
  await closeSharedChromiums();
  api = await startTestApi({ rateLimits: { claimPacksPerOwner: { points: PRINTS_PER_HOUR, durationSeconds: 3600 } } });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

type ProcessRow = { pid: number; ppid: number; comm: string };

async function processTable(): Promise<ProcessRow[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,comm=']);
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, ...comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm.join(' ') }));
}

/** The processes below `root` (its children, theirs, ...) in one snapshot of the process table. */
function descendants(all: ProcessRow[], root: number): ProcessRow[] {
  const found: ProcessRow[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of all) {
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push(row);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Chromium processes the API started: below this process (which runs the API), not below the worker. One
 * snapshot for both, so a browser the worker launches between two reads is never taken for the API's.
 */
async function apiChromiums(): Promise<string[]> {
  const all = await processTable();
  const workerTree = new Set([worker.pid, ...descendants(all, worker.pid!).map((p) => p.pid)]);
  return descendants(all, process.pid)
    .filter((p) => !workerTree.has(p.pid) && /chrom/i.test(p.comm))
    .map((p) => `${p.pid} ${p.comm}`);
}

/** A completed run whose first report is ready (the claim's verification link names it). */
async function completedRun(issue?: string) {
  const { run, cleaner } = await newRun(owner, 'turnover');
  if (issue) {
    const opened = (await cleaner.openRun()).body.run;
    const reported = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: opened.tasks[0].id,
      severity: 'high',
      description: issue,
    });
    expect(reported.status).toBe(201);
  }
  await completeThroughMagicLink(cleaner);
  await reportPdf(owner, run.id, 1, worker);
  return run.id;
}

async function claimPackRuns(): Promise<WorkflowExecutionInfo[]> {
  const runs: WorkflowExecutionInfo[] = [];
  for await (const execution of api.temporal.workflow.list({ query: `WorkflowId = "claim-pack/${owner.userId}"` }))
    runs.push(execution);
  return runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

describe('N7: claim packs are printed by the worker, one at a time per owner', () => {
  it('30 parallel requests start no Chromium in the API and one print; the pack downloads with its claim', async () => {
    // A new owner per attempt: the print budget of an hour is the owner's.
    owner = await signedInOwner(api);
    const damaged = await completedRun('Cracked bathroom mirror');
    const other = await completedRun();

    // Watch the API's children the whole time the packs are asked for and printed.
    const seen = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const chromium of await apiChromiums()) seen.add(chromium);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const ask = (runId: string, method: 'GET' | 'POST') =>
      fetch(`${api.baseUrl}/api/runs/${runId}/claim-pack`, {
        method,
        headers: { Cookie: owner.cookie, Origin: api.baseUrl },
      }).then(async (response) => ({
        runId,
        status: response.status,
        type: response.headers.get('content-type'),
        body: response.headers.get('content-type')?.startsWith('application/json')
          ? ((await response.json()) as { status?: string; error?: string })
          : await response.body?.cancel().then(() => null),
      }));
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, () => ask(damaged, 'GET')),
      ...Array.from({ length: 5 }, () => ask(other, 'POST')),
    ]);
    // Nothing was printed in a request: each answer is progress (202), "one at a time" (429), or the
    // pack the worker printed meanwhile (200). On a machine under heavy load a Temporal call may time out:
    // that request says so (503, ask again), and still starts no browser.
    for (const answer of burst) expect([200, 202, 429, 503], JSON.stringify(answer)).toContain(answer.status);
    for (const answer of burst.filter((a) => a.status === 503))
      expect(answer.body?.error).toMatch(/^Turnproof cannot reach its workflow service right now/);
    const accepted = burst.filter((answer) => answer.status === 202);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of accepted) expect(answer.body?.status).toBe('generating');
    for (const answer of burst.filter((a) => a.status === 200))
      expect(answer.type).toBe(answer.runId === damaged ? 'application/zip' : 'application/json; charset=utf-8');
    for (const answer of burst.filter((a) => a.status === 429))
      expect(answer.body?.error).toMatch(/another inspection is being made|Too many damage-claim packs/);

    const zip = await JSZip.loadAsync(Buffer.from(await (await claimPackZip(owner, damaged, worker)).arrayBuffer()));
    const claim = await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array')));
    expect(claim).toContain('TURNPROOF DAMAGE CLAIM');
    expect(claim).toContain('Cracked bathroom mirror');
    expect(Object.keys(zip.files).some((name) => name.startsWith('issues/') || name.startsWith('photos/'))).toBe(true);
    const otherPack = await claimPackZip(owner, other, worker);
    expect(otherPack.status, otherPack.status === 200 ? '' : await otherPack.text()).toBe(200);

    watching = false;
    await watcher;
    expect([...seen]).toEqual([]);
    // The prints happened on the worker, whose Chromium is still open for the next one.
    expect(descendants(await processTable(), worker.pid!).some((p) => /chrom/i.test(p.comm))).toBe(true);

    // One print per pack, never two of the owner's at once.
    const prints = await waitFor('both prints in the visibility store', async () => {
      const runs = await claimPackRuns();
      return runs.length === 2 && runs.every((run) => run.closeTime) ? runs : undefined;
    });
    expect(prints.map((print) => print.status.name)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(prints[0]!.closeTime!.getTime()).toBeLessThanOrEqual(prints[1]!.startTime.getTime());

    // A stored pack is served again without printing.
    const again = await fetch(`${api.baseUrl}/api/runs/${damaged}/claim-pack`, { headers: { Cookie: owner.cookie } });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect(await claimPackRuns()).toHaveLength(2);

    // The owner's prints per hour are spent: a third run's pack is refused, not printed.
    const third = await completedRun();
    const refused = await ask(third, 'POST');
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toMatch(/^Too many damage-claim packs in a short time\. Please wait/);
    // Three completed runs with their reports and two prints: minutes on a loaded machine.
  }, 400_000);

  it('a request that looked for the pack just before its print ended serves it, and prints it no second time', async () => {
    owner = await signedInOwner(api);
    const runId = await completedRun();
    const started = await fetch(`${api.baseUrl}/api/runs/${runId}/claim-pack`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, Origin: api.baseUrl },
    });
    expect(started.status).toBe(202);
    await waitFor('the print started', async () => (await claimPackRuns()).length === 1 || undefined);

    // The next request's look at the storage happens while the print still runs (no file yet); its answer
    // arrives once the print has stored the file and ended, as on a machine busy at that moment.
    const storage = api.storage;
    const exists = storage.exists.bind(storage);
    let stale = true;
    storage.exists = async (path) => {
      if (!stale || !path.includes('/claim-')) return exists(path);
      stale = false;
      await waitFor('the print ended', async () => (await claimPackRuns())[0]?.closeTime);
      return false;
    };
    try {
      const asked = await fetch(`${api.baseUrl}/api/runs/${runId}/claim-pack`, { headers: { Cookie: owner.cookie } });
      expect(stale).toBe(false);
      expect(asked.status, asked.status === 200 ? '' : await asked.text()).toBe(200);
      expect(asked.headers.get('content-type')).toBe('application/zip');
      await asked.arrayBuffer();
    } finally {
      storage.exists = exists;
    }
    expect(await claimPackRuns()).toHaveLength(1);
  }, 200_000);
});

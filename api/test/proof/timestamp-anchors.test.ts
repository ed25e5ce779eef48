import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scheduleDefinitions, SCHEDULE_IDS } from '@turnproof/temporal';
import { captureAnchors } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startTsaServer } from '../support/tsa-server.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { newRun, type Owner, waitFor } from './proof-support.ts';

type TsaServer = Awaited<ReturnType<typeof startTsaServer>>;
interface Anchor {
  head: string;
  seq: number;
  time: string;
  tsa: string;
  timestamp_url: string;
}

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;
/** Listed first in TSA_URL, and a second authority after it; each with its own root, both trusted. */
let primary: TsaServer;
let backup: TsaServer;
let dir: string;

beforeAll(async () => {
  primary = await startTsaServer();
  backup = await startTsaServer();
  dir = await mkdtemp(path.join(tmpdir(), 'turnproof-anchors-'));
  const roots = path.join(dir, 'roots.pem');
  await writeFile(roots, (await readFile(primary.rootPem, 'utf8')) + (await readFile(backup.rootPem, 'utf8')));
  api = await startTestApi({
    verificationRecheckMs: 0,
    env: { TSA_URL: `${primary.url},${backup.url}`, TSA_CA_FILE: roots, TSA_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await primary?.close();
  await backup?.close();
});

/** The verified log: its head, its entries and their anchors. */
interface Verification {
  chain_head: string;
  entry_count: number;
  anchors: Anchor[];
  entries: { seq: number; kind: string; hash: string }[];
}
const verification = async (runId: string): Promise<Verification> =>
  (await fetch(`${api.baseUrl}/api/public/verify/${runId}`)).json() as never;
const storedAnchors = (runId: string) =>
  api.orm.em
    .getConnection()
    .execute<{ tsa_url: string }[]>(`select tsa_url from timestamp_anchors where run_id = ?`, [runId]);
const anchorsOf = (runId: string) =>
  waitFor(
    `a timestamp anchor of run ${runId}`,
    async () => {
      const { anchors } = await verification(runId);
      return anchors.length > 0 ? anchors : undefined;
    },
    worker,
  );

async function completedRun() {
  const made = await newRun(owner);
  await completeThroughMagicLink(made.cleaner);
  return made.run;
}

describe('timestamps from an independent authority (RFC 3161)', () => {
  it("stamps the completed log's head; the token downloads and openssl verifies it against the authority's root", async () => {
    primary.setMode('honest');
    const run = await completedRun();
    const [anchor] = await anchorsOf(run.id);
    const result = await verification(run.id);
    // The stamped head is an entry of the verified log, at or after the completion (the host's review may
    // come after it).
    const { entries } = result;
    const completedAt = entries.find((entry) => entry.kind === 'run_completed')!.seq;
    expect(anchor!.seq).toBeGreaterThanOrEqual(completedAt);
    expect(anchor).toMatchObject({ head: entries.find((entry) => entry.seq === anchor!.seq)!.hash, tsa: primary.url });
    expect(Math.abs(Date.parse(anchor!.time) - Date.now())).toBeLessThan(5 * 60_000);

    const token = await fetch(`${api.baseUrl}${anchor!.timestamp_url}`);
    expect(token.status).toBe(200);
    expect(token.headers.get('content-type')).toBe('application/timestamp-reply');
    const tsr = path.join(dir, `${run.id}.tsr`);
    await writeFile(tsr, Buffer.from(await token.arrayBuffer()));
    const { stdout } = await promisify(execFile)('openssl', [
      ...['ts', '-verify', '-digest', anchor!.head, '-in', tsr],
      ...['-CAfile', primary.rootPem, '-untrusted', primary.tsaPem],
    ]);
    expect(stdout).toContain('Verification: OK');

    const page = await (await fetch(`${api.baseUrl}/verify/${run.id}`)).text();
    expect(page).toContain('Independent timestamps');
    expect(page).toContain(anchor!.timestamp_url);
    expect(page).toContain('openssl ts -verify -digest &lt;head&gt; -in token.tsr -CAfile &lt;tsa-root.pem&gt;');
  });

  it('refuses a token that stamps another digest, and takes the next authority listed', async () => {
    primary.setMode('wrong-imprint');
    const asked = primary.requests();
    const run = await completedRun();
    const [anchor] = await anchorsOf(run.id);
    expect(anchor!.tsa).toBe(backup.url);
    expect(primary.requests()).toBeGreaterThan(asked);
    expect(await storedAnchors(run.id)).toEqual([{ tsa_url: backup.url }]);
  });

  it('stores nothing while every authority answers wrongly, retries, and anchors once one answers right', async () => {
    primary.setMode('wrong-imprint');
    backup.setMode('wrong-imprint');
    const asked = backup.requests();
    const run = await completedRun();
    // Two refused attempts at both authorities: the activity failed and Temporal retried it.
    await waitFor('a retried stamp', () => (backup.requests() >= asked + 2 ? true : undefined), worker);
    expect(await storedAnchors(run.id)).toEqual([]);
    expect((await verification(run.id)).anchors).toEqual([]);

    primary.setMode('honest');
    const [anchor] = await anchorsOf(run.id);
    expect(anchor).toMatchObject({ head: (await verification(run.id)).chain_head, tsa: primary.url });
    backup.setMode('honest');
  });

  it('every hour, stamps the moved head of each open run and leaves an unmoved one alone', async () => {
    const hourly = scheduleDefinitions(api.config).find(
      (schedule) => schedule.scheduleId === SCHEDULE_IDS.captureAnchors,
    );
    expect(hourly?.spec.intervals).toEqual([{ every: '1 hour', offset: '10 minutes' }]);
    expect(hourly?.action).toMatchObject({ workflowType: captureAnchors });

    const open = await newRun(owner);
    const { tasks } = (await open.cleaner.openRun()).body.run as { tasks: { id: string }[] };
    expect((await open.cleaner.tick(tasks[0]!.id)).status).toBe(200);
    const hourlyPass = () =>
      api.temporal.workflow.execute(captureAnchors, {
        taskQueue: api.config.TEMPORAL_TASK_QUEUE,
        workflowId: `capture-anchors-test-${Date.now()}`,
      });
    expect((await hourlyPass()).anchored).toBeGreaterThanOrEqual(1);
    const [anchor] = (await verification(open.run.id)).anchors;
    expect(anchor).toMatchObject({ seq: 1, head: (await verification(open.run.id)).chain_head });

    const asked = primary.requests();
    await hourlyPass();
    expect((await verification(open.run.id)).anchors).toHaveLength(1);
    expect(primary.requests()).toBe(asked);
  });
});

// `npm run chaos`: the production topology on this machine — the Temporal server on PostgreSQL
// (persistence and visibility), two API processes and two worker processes — while cleaners work through
// runs against both APIs, one worker and one API are killed with SIGKILL and restarted. Then it checks
// that every action was applied exactly once, every completed run has one report and one e-mail, and no
// workflow is stuck (a visibility query), and prints the figures. Exits non-zero when a check fails.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOrm } from '@turnproof/db';
import { bootstrapTemporalWithRetry, connectTemporal } from '@turnproof/temporal';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../api/src/api-process.ts';
import { cameraPhoto } from '../api/test/runner/cleaner.ts';
import { startMailbox } from '../api/test/support/mailbox.ts';
import { confirmedOwner, expectOk as expectOkAnswer } from './bench/owner.ts';
import { supervise, stopProcess, waitFor, type Supervised } from './lib/processes.ts';
import { startTemporalCluster } from './lib/temporal-cluster.ts';
import { freePort, freshDatabase, siblingDatabaseUrl } from './lib/throwaway-stack.ts';

const RUNS = Number(process.env.CHAOS_RUNS ?? 12);
const NAMESPACE = 'default';
const TASK_QUEUE = 'turnproof-chaos';
/**
 * How long the report workflows get to finish once every report and mail is there. A worker killed under a
 * report's last activity (the meter, after the mail) leaves the workflow waiting out that activity's
 * 1-minute start-to-close timeout before another worker runs it again; a workflow still running after this
 * is stuck.
 */
const REPORT_SETTLE_MS = 150_000;
const started = Date.now();
const log = (line: string) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);

const databaseUrl = siblingDatabaseUrl('turnproof_chaos');
const temporalDatabase = new URL(siblingDatabaseUrl('temporal_chaos')).pathname.slice(1);
const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-chaos-'));
const stops: (() => Promise<void>)[] = [];

/** Every check; throws when the topology could not even be brought up or driven. */
async function chaosRun(): Promise<boolean> {
  log('Fresh app database; Temporal server on PostgreSQL...');
  await freshDatabase(databaseUrl);
  const cluster = await startTemporalCluster({
    databaseUrl,
    databasePrefix: temporalDatabase,
    rootDir: path.join(dataDir, 'temporal'),
    log,
  });
  stops.push(() => cluster.stop());
  const temporal = await connectTemporal({ TEMPORAL_ADDRESS: cluster.address, TEMPORAL_NAMESPACE: NAMESPACE });
  const bootstrap = await bootstrapTemporalWithRetry(
    temporal,
    { TEMPORAL_NAMESPACE: NAMESPACE, TEMPORAL_TASK_QUEUE: TASK_QUEUE },
    { log },
  );
  log(
    `Namespace ${NAMESPACE} ${bootstrap.namespace} (30-day retention); search attributes: ${bootstrap.searchAttributesAdded.join(', ') || 'there'}`,
  );

  const mailbox = await startMailbox();
  const orm = await createOrm(databaseUrl);
  const secretKey = randomUUID();
  const baseEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: cluster.address,
    TEMPORAL_NAMESPACE: NAMESPACE,
    TEMPORAL_TASK_QUEUE: TASK_QUEUE,
    SMTP_URL: mailbox.url,
    DATA_DIR: dataDir,
    SECRET_KEY: secretKey,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };

  interface Role {
    name: string;
    entry: string;
    env: NodeJS.ProcessEnv;
    process?: Supervised;
  }
  const apiPorts = [await freePort(), await freePort()];
  const apis: Role[] = apiPorts.map((port, index) => ({
    name: `api-${index + 1}`,
    entry: 'api/src/main.ts',
    env: {
      ...baseEnv,
      ...API_PROCESS_ENV,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      METRICS_PORT: '0',
    },
  }));
  const workers: Role[] = [1, 2].map((n) => ({
    name: `worker-${n}`,
    entry: 'temporal/src/worker-main.ts',
    env: { ...baseEnv, WORKER_METRICS_PORT: '0', PUBLIC_ORIGIN: apis[0]!.env.PUBLIC_ORIGIN },
  }));
  const origins = apis.map((api) => api.env.PUBLIC_ORIGIN!);

  async function start(role: Role) {
    const flags = role.entry.startsWith('api') ? API_NODE_FLAGS : [];
    role.process = supervise(role.name, process.execPath, [...flags, '--import', 'tsx', role.entry], role.env);
    if (role.entry.startsWith('api')) {
      const origin = role.env.PUBLIC_ORIGIN!;
      await waitFor(`${role.name}`, async () => (await fetch(`${origin}/api/health`)).ok, 60_000);
    }
  }
  for (const role of [...apis, ...workers]) await start(role);
  await waitFor('both workers', async () => (await workersChecked()) >= 2, 60_000);
  stops.push(async () => {
    for (const role of [...apis, ...workers]) if (role.process) await stopProcess(role.process);
  });
  async function workersChecked() {
    const [row] = await orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from worker_checks');
    return Number(row?.n ?? 0);
  }
  log(`Two APIs (${origins.join(', ')}) and two workers are up.`);

  // --- Cleaners: every write carries its action id and is retried, with the same id, on the other API
  // whenever an API does not answer (killed) or answers 5xx.
  const figures = {
    requests: 0,
    failovers: 0,
    completionRetriesAnswered409: 0,
    actions: new Set<string>(),
    confirms: new Map<string, number>(),
  };
  let next = 0;

  interface Reply {
    status: number;
    /** The upload reservation's fields are the only ones read. */
    body: { uploadUrl: string; path: string } | null;
  }

  /** The answer when it is 2xx; anything else is a failed check, not something to retry. */
  function expectOk(reply: Reply, what: string): Reply {
    if (reply.status < 200 || reply.status > 299)
      throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }

  async function send(pathName: string, body: Record<string, unknown>): Promise<Reply> {
    // An API restarts in seconds; both are never down together for longer than a minute.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const origin = origins[next++ % origins.length]!;
      figures.requests += 1;
      try {
        const response = await fetch(`${origin}${pathName}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = { status: response.status, body: (await response.json().catch(() => null)) as Reply['body'] };
        if (answer.status < 500) return answer;
      } catch {
        // Connection refused or reset: that API was killed.
      }
      figures.failovers += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${pathName} failed on both APIs for a minute`);
  }

  async function upload(token: string, runTaskId: string, label: string) {
    const bytes = await cameraPhoto(label, 320, 240);
    const reserveId = randomUUID();
    const confirmId = randomUUID();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const reserved = await send('/api/public/upload', {
        token,
        runTaskId,
        fileName: `${label}.jpg`,
        contentType: 'image/jpeg',
        size: bytes.length,
        action_id: reserveId,
      });
      expectOk(reserved, 'upload reservation');
      // Behind a load balancer the upload URL's origin reaches any API; here we pick one that is up.
      const target = new URL(reserved.body!.uploadUrl);
      const origin = origins[next++ % origins.length]!;
      const put = await fetch(`${origin}${target.pathname}${target.search}`, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'Content-Type': 'image/jpeg' },
      }).catch(() => undefined);
      if (!put || put.status >= 500) {
        figures.failovers += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const confirmed = await send('/api/public/media-confirm', {
        token,
        runTaskId,
        path: reserved.body!.path,
        type: 'photo',
        action_id: confirmId,
        captured_at: new Date().toISOString(),
      });
      expectOk(confirmed, 'media confirm');
      figures.actions.add(reserveId).add(confirmId);
      figures.confirms.set(runTaskId, (figures.confirms.get(runTaskId) ?? 0) + 1);
      return;
    }
    throw new Error('upload failed on both APIs for a minute');
  }

  async function workRun(token: string) {
    const opened = await fetch(`${origins[0]}/api/public/run?token=${encodeURIComponent(token)}`).catch(
      () => undefined,
    );
    const run = opened?.ok
      ? ((await opened.json()) as { run: { tasks: { id: string; task: { required_media: number } }[] } })
      : ((await (await fetch(`${origins[1]}/api/public/run?token=${encodeURIComponent(token)}`)).json()) as {
          run: { tasks: { id: string; task: { required_media: number } }[] };
        });
    for (const [index, task] of run.run.tasks.entries()) {
      for (let n = 0; n < task.task.required_media; n += 1)
        await upload(token, task.id, `${token.slice(0, 6)}-${index}-${n}`);
      const actionId = randomUUID();
      expectOk(
        await send('/api/public/task', {
          token,
          runTaskId: task.id,
          checked: true,
          comment: `done ${index}`,
          duration_seconds: 30,
          action_id: actionId,
        }),
        'task tick',
      );
      figures.actions.add(actionId);
    }
    const completeId = randomUUID();
    const completed = await send('/api/public/complete', { token, action_id: completeId });
    // Each run is completed once, here: a 409 can only answer a retry whose first attempt went through
    // before its API died. Nothing is lost or doubled, but a replay should answer the first answer again.
    if (completed.status === 409) figures.completionRetriesAnswered409 += 1;
    else expectOk(completed, 'complete');
    figures.actions.add(completeId);
  }

  const owner = await confirmedOwner(origins[0]!, orm, 'chaos');
  const runs: { id: string; token: string; name: string }[] = [];
  for (let n = 0; n < RUNS; n += 1) {
    const name = `Chaos House ${n + 1}`;
    const property = expectOkAnswer(
      await owner.post('/api/properties', { name, address: `${n + 1} Fault Line` }),
      'property',
    );
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const run = expectOkAnswer(
      await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id }),
      'run',
    );
    runs.push({ id: run.body.id, token: new URL(run.body.magic_link).pathname.split('/').pop()!, name });
  }
  log(`${RUNS} runs created; cleaners start.`);

  // The kills: while the cleaners work, SIGKILL worker-1 and api-1 and restart them; once they are back,
  // the same for worker-2 and api-2, so uploads, ticks and reports in flight each meet a dead process.
  async function killAndRestart(role: Role, afterMs: number) {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    log(`SIGKILL ${role.name}`);
    role.process!.child.kill('SIGKILL');
    await role.process!.exited;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await start(role);
    log(`${role.name} restarted`);
  }
  const working = Promise.all(runs.map((run) => workRun(run.token)));
  const chaos = (async () => {
    await Promise.all([killAndRestart(workers[0]!, 4_000), killAndRestart(apis[0]!, 5_000)]);
    await Promise.all([killAndRestart(workers[1]!, 2_000), killAndRestart(apis[1]!, 3_000)]);
  })();
  await Promise.all([working, chaos]);
  // The last completions' reports are rendering now: kill a worker under them too.
  await killAndRestart(workers[0]!, 500);
  const cleanersDone = Date.now();
  log(
    `Cleaners done: ${figures.actions.size} actions acknowledged over ${figures.requests} requests (${figures.failovers} failed over).`,
  );

  // --- Checks.
  const sql = <T>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
  /** A PostgreSQL array literal, bound as one parameter (the driver would spread a JavaScript array). */
  const pgArray = (values: Iterable<string>) => `{${[...values].join(',')}}`;
  const runIds = pgArray(runs.map((run) => run.id));
  // The subject goes on with the run's kind, so 'House 1 ' never matches 'House 10 '.
  const reportMailsFor = (name: string) =>
    mailbox.received.filter((mail) => mail.subject.startsWith(`Inspection report: ${name} `));
  await waitFor(
    'every run to have its report and mail',
    async () => {
      const ready = await sql<{ n: string }>(
        `select count(*) as n from reports where run_id = any(?::uuid[]) and status = 'ready'`,
        [runIds],
      );
      return Number(ready[0]?.n) >= RUNS && runs.every((run) => reportMailsFor(run.name).length >= 1);
    },
    240_000,
  );
  const runningReports = () =>
    temporal.client.workflow.count(`WorkflowType = 'reportGeneration' AND ExecutionStatus = 'Running'`);
  const settleStart = Date.now();
  while ((await runningReports()).count > 0 && Date.now() - settleStart < REPORT_SETTLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const reportSettleSeconds = (Date.now() - settleStart) / 1000;
  // A duplicate would show up in these seconds (a mail sent again by a retried activity among them).
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  const applied = await sql<{ action_id: string }>(
    'select action_id from processed_actions where action_id = any(?::text[])',
    [pgArray(figures.actions)],
  );
  const lost = figures.actions.size - applied.length;
  const media = await sql<{ run_task_id: string; n: string }>(
    `select run_task_id, count(*) as n from media where run_id = any(?::uuid[]) and status = 'confirmed' group by run_task_id`,
    [runIds],
  );
  const doubledMedia = media.filter((row) => Number(row.n) !== figures.confirms.get(row.run_task_id)).length;
  const unchecked = await sql<{ n: string }>(
    'select count(*) as n from run_tasks where run_id = any(?::uuid[]) and not checked',
    [runIds],
  );
  const completedRuns = await sql<{ n: string }>(
    `select count(*) as n from runs where id = any(?::uuid[]) and status = 'completed'`,
    [runIds],
  );
  const reportsPerRun = await sql<{ run_id: string; n: string }>(
    'select run_id, count(*) as n from reports where run_id = any(?::uuid[]) group by run_id',
    [runIds],
  );
  const runsWithOneReport = reportsPerRun.filter((row) => Number(row.n) === 1).length;
  const runsWithOneMail = runs.filter((run) => reportMailsFor(run.name).length === 1).length;
  const stuckReports = await runningReports();
  const unfinishedRuns = await temporal.client.workflow.count(
    `WorkflowType = 'inspectionRun' AND ExecutionStatus = 'Running' AND TurnproofRunStatus != 'completed'`,
  );

  const results = {
    runs: RUNS,
    'actions acknowledged': figures.actions.size,
    'actions applied (processed_actions)': applied.length,
    'lost actions': lost,
    'doubled photo confirms': doubledMedia,
    'tasks left unchecked': Number(unchecked[0]?.n),
    'runs completed': Number(completedRuns[0]?.n),
    'runs with exactly one report': runsWithOneReport,
    'runs with exactly one report e-mail': runsWithOneMail,
    'report workflows still running (visibility)': stuckReports.count,
    'seconds for the last report workflows to finish': reportSettleSeconds.toFixed(1),
    'run workflows running but not completed (visibility)': unfinishedRuns.count,
    'requests sent': figures.requests,
    'requests failed over to the other API': figures.failovers,
    'completion retries answered 409, not the first answer': figures.completionRetriesAnswered409,
    'processes killed with SIGKILL': 5,
    'seconds of cleaner work': ((cleanersDone - started) / 1000).toFixed(1),
    'seconds in all': ((Date.now() - started) / 1000).toFixed(1),
  };
  console.log('\nChaos run on the Temporal server (PostgreSQL), 2 APIs, 2 workers:');
  for (const [name, value] of Object.entries(results)) console.log(`  ${name.padEnd(54)} ${value}`);

  const checks = [
    lost === 0,
    doubledMedia === 0,
    Number(unchecked[0]?.n) === 0,
    Number(completedRuns[0]?.n) === RUNS,
    runsWithOneReport === RUNS,
    runsWithOneMail === RUNS,
    stuckReports.count === 0,
    unfinishedRuns.count === 0,
  ];
  const failed = checks.filter((ok) => !ok).length;
  console.log(`\nchaos: ${checks.length - failed} passed, ${failed} failed`);
  const allPassed = failed === 0;

  await temporal.connection.close();
  await orm.close();
  await mailbox.close();
  return allPassed;
}

let passed = false;
try {
  passed = await chaosRun();
} catch (error) {
  console.error(error);
} finally {
  // Also after a failure: nothing this run started may outlive it.
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  await rm(dataDir, { recursive: true, force: true });
}
console.log(passed ? '\nChaos run passed.' : '\nChaos run FAILED.');
process.exit(passed ? 0 : 1);

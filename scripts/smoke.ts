// `npm run smoke`: what a newcomer does. Starts the system with the README's start command on free
// ports and a fresh database, waits for health, signs up, confirms from the outbox mail, signs in,
// creates a property and a run, finds `run/{id}` with the Temporal CLI, then stops everything.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { dropDatabase } from '@turnproof/db';
import { findTemporalCli, SCHEDULE_IDS } from '@turnproof/temporal';
import { waitFor } from './lib/processes.ts';
import { freePort, siblingDatabaseUrl } from './lib/throwaway-stack.ts';

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Smoke check failed: ${message}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-smoke-'));
const port = await freePort();
const temporalAddress = `127.0.0.1:${await freePort()}`;
const databaseUrl = siblingDatabaseUrl('turnproof_smoke');
await dropDatabase(databaseUrl);

const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  PUBLIC_ORIGIN: origin,
  DATABASE_URL: databaseUrl,
  TEMPORAL_ADDRESS: temporalAddress,
  TEMPORAL_UI_PORT: String(await freePort()),
  DATA_DIR: dataDir,
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
};

console.log(`smoke: npm start on ${origin} (Temporal ${temporalAddress}, data ${dataDir})`);
// Its own process group, so that Ctrl-C (SIGINT) reaches npm and everything it started, as in a terminal.
const system = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
system.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
system.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
// npm may exit at Ctrl-C before what it started has stopped; the output pipe closes only once the
// last process of the group holding it is gone.
const systemStopped = new Promise<void>((resolve) => system.stdout.once('close', () => resolve()));

let cookie = '';
async function call(method: string, urlPath: string, body?: unknown) {
  const response = await fetch(`${origin}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('turnproof_session='));
  if (setCookie) cookie = setCookie.split(';')[0] ?? '';
  const json = (await response.json().catch(() => null)) as any;
  return { status: response.status, json };
}

async function confirmationLinkFromOutbox(): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let link = '';
  await waitFor(
    'the confirmation mail in the outbox',
    async () => {
      const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
      for (const file of files) {
        const mail = await simpleParser(await readFile(path.join(outbox, file)));
        if (mail.subject === 'Confirm your Turnproof account') link = mail.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
      }
      return Boolean(link);
    },
    10_000,
  );
  return link;
}

let exitCode = 0;
try {
  await waitFor(
    '/api/health to report database and Temporal up',
    async () => {
      if (system.exitCode !== null) throw new Error('npm start exited early');
      const health = await call('GET', '/api/health');
      return health.json?.database === 'up' && health.json?.temporal === 'up';
    },
    600_000,
  );
  console.log('smoke: system healthy');

  const email = `newcomer-${Date.now()}@example.test`;
  const password = 'a newcomer passphrase';
  check(
    (await call('POST', '/api/auth/signup', { email, password, full_name: 'New Comer' })).status === 201,
    'sign-up',
  );
  const link = await confirmationLinkFromOutbox();
  check(link.startsWith(`${origin}/api/auth/confirm?token=`), `confirmation link ${link}`);
  const confirm = await call('GET', link.slice(origin.length));
  check(confirm.status === 200, `confirmation answered ${confirm.status}`);
  const login = await call('POST', '/api/auth/login', { email, password });
  check(login.status === 200, `login answered ${login.status}`);
  const ownerId: string = login.json.user.id;

  const property = await call('POST', '/api/properties', { name: 'Smoke Test Cottage', address: '1 Smoke Lane' });
  check(property.status === 201, `property answered ${property.status}`);
  const templates = await call('GET', '/api/templates?filter=%7B%22kind%22%3A%22turnover%22%7D');
  const run = await call('POST', '/api/runs', {
    property_id: property.json.id,
    type: 'Turnover',
    template_id: templates.json[0].id,
  });
  check(run.status === 201, `run answered ${run.status}`);
  check(/\/r\/[\w-]{43}$/.test(run.json.magic_link), `magic link ${run.json.magic_link}`);
  console.log(`smoke: created run ${run.json.id}`);

  const temporalCli = await findTemporalCli();
  const workflowId = `run/${run.json.id}`;
  await waitFor(
    `${workflowId} in "temporal workflow list --query TurnproofOwnerId='${ownerId}'"`,
    async () => {
      const { stdout } = await promisify(execFile)(temporalCli, [
        'workflow',
        'list',
        '--address',
        temporalAddress,
        '--query',
        `TurnproofOwnerId='${ownerId}'`,
        '--output',
        'json',
      ]);
      return stdout.includes(workflowId);
    },
    20_000,
  );
  console.log(`smoke: Temporal lists ${workflowId} for owner ${ownerId}`);

  const { stdout: schedules } = await promisify(execFile)(temporalCli, [
    ...['schedule', 'list', '--address', temporalAddress, '--output', 'json'],
  ]);
  // The backup's schedule exists only with BACKUP_DIR, which npm start leaves unset.
  const expected = Object.values(SCHEDULE_IDS).filter((id) => id !== SCHEDULE_IDS.backup);
  for (const id of expected) check(schedules.includes(id), `${id} in "temporal schedule list"`);
  check(!schedules.includes(SCHEDULE_IDS.backup), `no ${SCHEDULE_IDS.backup} without BACKUP_DIR`);
  console.log(`smoke: temporal schedule list shows ${expected.join(', ')}`);
} catch (error) {
  exitCode = 1;
  console.error(error instanceof Error ? error.message : error);
  console.error('--- npm start output ---\n' + output);
} finally {
  if (system.pid) process.kill(-system.pid, 'SIGINT');
  const stopped = await Promise.race([
    systemStopped,
    new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
  ]);
  if (stopped === 'timeout') {
    exitCode = 1;
    console.error('smoke: npm start did not stop within 30 s of Ctrl-C');
    if (system.pid) process.kill(-system.pid, 'SIGKILL');
  } else if (!output.includes('Stopped.')) {
    exitCode = 1;
    console.error('smoke: npm start did not report a clean stop\n' + output);
  }
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase(databaseUrl);
}
console.log(exitCode === 0 ? 'smoke: passed' : 'smoke: FAILED');
process.exit(exitCode);

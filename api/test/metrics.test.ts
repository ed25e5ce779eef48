import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configuredBackupSources, rotateBackups } from '@turnproof/platform/backup';
import { signedInOwner } from './support/browser.ts';
import { completedRun } from './support/completed-run.ts';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function waitForAnswer(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return response;
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let api: TestApi;
let apiProcess: ApiProcess;
let worker: WorkerProcess;
let apiMetricsPort: number;
let workerMetricsPort: number;
let backupDir: string;

beforeAll(async () => {
  // The test API supplies the database, Temporal, task queue and mail catcher; the API process under
  // test is the real entry (api/src/main.ts) with its metrics port.
  api = await startTestApi();
  [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  apiProcess = await startApiProcess(api, { METRICS_PORT: String(apiMetricsPort) });
  // A finished backup in BACKUP_DIR: the worker's backup-age gauge starts from it (the BackupTooOld alert).
  backupDir = await mkdtemp(path.join(tmpdir(), 'turnproof-metrics-backups-'));
  await rotateBackups(configuredBackupSources(api.config), backupDir);
  worker = await startWorkerProcess(api, { WORKER_METRICS_PORT: String(workerMetricsPort), BACKUP_DIR: backupDir });
});
afterAll(async () => {
  await apiProcess?.stop();
  await worker?.stop();
  await api?.close();
  await rm(backupDir, { recursive: true, force: true });
});

describe('Prometheus metrics', () => {
  it('the API counts requests and their latency by route pattern and its 5xx errors', async () => {
    const origin = apiProcess.origin;
    for (let i = 0; i < 3; i += 1) await fetch(`${origin}/api/health`);
    expect((await fetch(`${origin}/api/runs/00000000-0000-0000-0000-000000000000`)).status).toBe(401);

    const response = await waitForAnswer(`http://127.0.0.1:${apiMetricsPort}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE turnproof_http_requests_total counter');
    const healthCount = /turnproof_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)/.exec(
      text,
    );
    expect(Number(healthCount?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/turnproof_http_requests_total\{method="GET",route="\/api\/runs\/:id",status="401"\} 1/);
    expect(text).toContain('# TYPE turnproof_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /turnproof_http_request_duration_seconds_bucket\{le="0.15",method="GET",route="\/api\/health",status="200"\} \d/,
    );
    expect(text).toContain('# TYPE turnproof_http_request_errors_total counter');
    expect(text).toContain('turnproof_api_process_resident_memory_bytes');
  });

  it("the worker serves the Temporal SDK's series and counts activity outcomes", async () => {
    // A completed run and its report give the worker activities to count.
    await completedRun(await signedInOwner(api), 'Metric Manor');

    const url = `http://127.0.0.1:${workerMetricsPort}/metrics`;
    let text = '';
    const deadline = Date.now() + 30_000;
    while (!/turnproof_activity_outcomes_total\{[^}]*outcome="completed"/.test(text) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      text = await (await waitForAnswer(url)).text();
    }
    expect(text).toMatch(
      /turnproof_activity_outcomes_total\{[^}]*activityType="markRunCompleted"[^}]*outcome="completed"[^}]*\} \d+/,
    );
    expect(text).toContain('temporal_worker_task_slots_available');
    expect(text).toContain('temporal_workflow_task_schedule_to_start_latency');
    expect(text).toContain('temporal_activity_schedule_to_start_latency');
  });

  it('the alert rules and the dashboard name only series the API and the worker export', async () => {
    const owner = await signedInOwner(api);
    const run = await completedRun(owner, 'Alerting Abbey');
    // The report's latency is recorded when its first version is ready.
    const deadline = Date.now() + 60_000;
    while ((await owner.get(`/api/runs/${run.id}/reports`)).body[0]?.status !== 'ready' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const exported = [
      await (await waitForAnswer(`http://127.0.0.1:${apiMetricsPort}/metrics`)).text(),
      await (await waitForAnswer(`http://127.0.0.1:${workerMetricsPort}/metrics`)).text(),
    ].join('\n');
    const names = new Set(exported.split('\n').map((line) => /^([a-zA-Z_:][\w:]*)/.exec(line)?.[1]));
    // Counted from the first failed mail or 5xx answer, which this healthy system never has.
    const onFirstEvent = ['turnproof_mail_failures_total', 'turnproof_http_request_errors_total'];
    const rules = parse(await readFile(path.join(repoRoot, 'ops/prometheus/alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const dashboard = JSON.parse(
      await readFile(path.join(repoRoot, 'ops/grafana/turnproof-dashboard.json'), 'utf8'),
    ) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queries = [
      ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ];
    const named = queries.flatMap((query) =>
      [...query.matchAll(/\b(?:turnproof|temporal)_\w+/g)].map((match) => match[0]),
    );
    expect(named.length).toBeGreaterThan(8);
    expect(named.filter((name) => !names.has(name) && !onFirstEvent.includes(name))).toEqual([]);
  });
});

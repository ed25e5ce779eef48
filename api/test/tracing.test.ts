import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink, Cleaner } from './runner/cleaner.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { createApiKey, keyClient } from './support/api-key-client.ts';
import { signedInOwner } from './support/browser.ts';
import { startOtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

/*
 * Tracing as an operator turns it on: the real API and worker entries with OTEL_EXPORTER_OTLP_ENDPOINT set,
 * exporting to a local OTLP receiver, the API by http/json and the worker by http/protobuf. Spans are
 * batched for 200 ms instead of 5 s.
 */
let api: TestApi;
let apiProcess: ApiProcess;
let worker: WorkerProcess;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  api = await startTestApi();
  const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' };
  apiProcess = await startApiProcess(api, { ...tracing, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', LOG_LEVEL: 'info' });
  worker = await startWorkerProcess(api, { ...tracing, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
});
afterAll(async () => {
  await apiProcess?.stop();
  await worker?.stop();
  await api?.close();
  await receiver?.close();
});

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const seen = receiver.spans.map((span) => `${span.service} ${span.traceId.slice(0, 8)} ${span.name}`);
      throw new Error(`Timed out waiting for ${what}; spans:\n${[...new Set(seen)].join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('tracing with OpenTelemetry', () => {
  it("holds one run's creation in the API, its workflow, its activities and the report's mail in one trace", async () => {
    const owner = await signedInOwner(api);
    const client = keyClient(
      { ...api, baseUrl: apiProcess.origin },
      (await createApiKey(owner, ['read', 'write'])).key,
    );
    const property = await client.post('/api/v1/properties', { name: 'Traced Terrace', address: '9 Span Street' });
    const checklists = await client.get(`/api/v1/properties/${property.body.id}/checklists`);
    const run = await client.post('/api/v1/runs', {
      property_id: property.body.id,
      checklist_id: checklists.body.data[0].id,
    });
    expect(run.status).toBe(201);
    await completeThroughMagicLink(Cleaner.fromLink(run.body.magic_link));
    await api.mailbox.latest(owner.email, /report/i, 120_000);

    const creation = await until('the API span of POST /api/v1/runs', () =>
      receiver.spans.find((span) => span.service === 'turnproof-api' && span.name === 'POST /api/v1/runs'),
    );
    const ofTrace = (service: string) =>
      receiver.spans.filter((span) => span.service === service && span.traceId === creation.traceId);
    const names = (spans: ReceivedSpan[]) => spans.map((span) => span.name);
    // The API's share: the request, its statements, and the start of the run's workflow (from the outbox).
    const apiSpans = ofTrace('turnproof-api');
    expect(apiSpans.every((span) => span.protocol === 'http/json')).toBe(true);
    expect(names(apiSpans)).toEqual(
      expect.arrayContaining(['StartWorkflow:inspectionRun', expect.stringMatching(/^pg\.query/)]),
    );
    // The worker's share, by protobuf: the report's child workflow, its activities, and the mail sent in
    // one of them. (The run's own workflow span ends, and is exported, when the workflow does: days later.)
    const workerSpans = await until('the mail of the report in the trace', () => {
      const spans = ofTrace('turnproof-worker');
      return names(spans).includes('mail.send') ? spans : undefined;
    });
    expect(workerSpans.every((span) => span.protocol === 'http/protobuf')).toBe(true);
    expect(names(workerSpans)).toEqual(
      expect.arrayContaining([
        'RunWorkflow:reportGeneration',
        'RunActivity:renderReport',
        'RunActivity:emailReport',
        'mail.send',
      ]),
    );
    const mail = workerSpans.find((span) => span.name === 'mail.send')!;
    const mailing = workerSpans.find((span) => span.spanId === mail.parentSpanId);
    expect(mailing?.name).toBe('RunActivity:emailReport');
    // The API's log lines written inside the request name its trace.
    const logged = apiProcess
      .output()
      .split('\n')
      .filter((line) => line.includes(`"trace_id":"${creation.traceId}"`));
    expect(logged.length).toBeGreaterThan(0);
  }, 240_000);

  it('exports nothing and loads no SDK without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const plain = await startApiProcess(api, { OTEL_SERVICE_NAME: 'turnproof-api-untraced' });
    try {
      expect((await fetch(`${plain.origin}/api/v1/runs`)).status).toBe(401);
    } finally {
      await plain.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.spans.filter((span) => span.service === 'turnproof-api-untraced')).toEqual([]);
  }, 120_000);
});

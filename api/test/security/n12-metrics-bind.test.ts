import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApiProcess, type ApiProcess } from '../support/api-process.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

/**
 * N12: the Prometheus ports have no authentication. Started as `npm start` starts them (the real API
 * and worker entries, default settings), they must answer on this machine's loopback only, not on an
 * address another host reaches. 127.0.0.2 stands for such an address: a socket bound to 127.0.0.1
 * does not answer it, one bound to every interface (0.0.0.0) does.
 */

let api: TestApi;
let apiProcess: ApiProcess;
let worker: WorkerProcess;
let apiMetricsPort: number;
let workerMetricsPort: number;

/** The status of GET /metrics at host:port, or the connection error's code. */
const scrape = (host: string, port: number) =>
  fetch(`http://${host}:${port}/metrics`, { signal: AbortSignal.timeout(5_000) }).then(
    (answer) => answer.status,
    (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
  );

async function untilAnswers(host: string, port: number) {
  const deadline = Date.now() + 60_000;
  while ((await scrape(host, port)) !== 200) {
    if (Date.now() > deadline) throw new Error(`${host}:${port} never answered`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  api = await startTestApi();
  [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  // As npm start starts it: METRICS_HOST left to its default.
  apiProcess = await startApiProcess(api, { METRICS_PORT: String(apiMetricsPort), METRICS_HOST: undefined });
  worker = await startWorkerProcess(api, { WORKER_METRICS_PORT: String(workerMetricsPort) });
  await untilAnswers('127.0.0.1', apiMetricsPort);
  await untilAnswers('127.0.0.1', workerMetricsPort);
}, 120_000);
afterAll(async () => {
  await apiProcess?.stop();
  await worker?.stop();
  await api?.close();
});

describe('N12 the metrics ports', () => {
  it('of the API and the worker answer on 127.0.0.1 and, by default, on no other address', async () => {
    expect(await scrape('127.0.0.1', apiMetricsPort)).toBe(200);
    expect(await scrape('127.0.0.1', workerMetricsPort)).toBe(200);
    expect(await scrape('127.0.0.2', apiMetricsPort)).toBe('ECONNREFUSED');
    expect(await scrape('127.0.0.2', workerMetricsPort)).toBe('ECONNREFUSED');
  });
});

// The first figures of `npm run bench`: password hashing and the owner endpoints of the API, which
// runs in this process.
import { hashPassword } from '../../api/src/auth/passwords.ts';
import { Browser } from '../../api/test/support/browser.ts';
import { startBenchApi } from './bench-api.ts';
import { confirmedOwner, expectOk } from './owner.ts';
import { ms, percentile } from './stats.ts';

/** Runs `total` calls with `concurrency` in flight; prints throughput and latency percentiles. */
async function measure(label: string, total: number, concurrency: number, call: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t0 = performance.now();
        await call(index);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${String(total).padStart(5)} calls, concurrency ${String(concurrency).padStart(2)}: ` +
      `${(total / seconds).toFixed(0).padStart(5)}/s  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  max ${ms(latencies.at(-1) ?? NaN)}`,
  );
}

export async function foundationFigures(): Promise<void> {
  console.log('\n== foundation: argon2id and owner endpoints (API in this process) ==');
  await measure('argon2id hash (m=19 MiB, t=2, p=1)', 20, 1, async () => {
    await hashPassword('benchmark passphrase');
  });

  // No worker polls this task queue: the runs' workflows only need to start.
  const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-foundation' });
  try {
    const owner = await confirmedOwner(api.baseUrl, api.orm);
    await measure('POST /api/properties (with default checklists)', 100, 4, async (i) => {
      expectOk(await owner.post('/api/properties', { name: `Bench ${i}`, address: `${i} Bench St` }), 'property');
    });
    await measure('GET /api/properties (25 per page, sorted)', 1000, 10, async (i) => {
      expectOk(await owner.get(`/api/properties?sort=["name","ASC"]&range=[${i % 75},${(i % 75) + 24}]`), 'list');
    });
    const properties = (await owner.get<{ id: string }[]>('/api/properties?range=[0,99]')).body;
    const template = (await owner.get<{ id: string }[]>('/api/templates')).body[0];
    await measure('POST /api/runs (tasks + run/{id} workflow start)', 100, 4, async (i) => {
      const propertyId = properties[i % properties.length]?.id;
      const body = { property_id: propertyId, type: 'turnover', template_id: template?.id };
      expectOk(await owner.post('/api/runs', body), 'run');
    });
    const anonymous = new Browser(api.baseUrl);
    await measure('GET /api/health (database + Temporal)', 500, 10, async () => {
      expectOk(await anonymous.get('/api/health'), 'health');
    });
    const memory = process.memoryUsage();
    console.log(
      `API process memory after the runs: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await api.close();
  }
}

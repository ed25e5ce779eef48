// `npm run bench -- api-v1`: the scale bench's account (500 properties, 50,000 runs of 20 tasks) read
// through the public API with an API key: every page of GET /api/v1/runs walked by its cursor, and the
// first pages of a filtered walk. Target: p95 <= 100 ms per page.
import { type Answer, Browser } from '../../api/test/support/browser.ts';
import { startBenchApi } from './bench-api.ts';
import { expectOk, largeAccountOwner } from './owner.ts';
import { SCALE } from './scale-seed.ts';
import { ms, percentile, verdict } from './stats.ts';

const P95_TARGET_MS = 100;
const FILTERED_PAGES = 100;

interface RunPage {
  data: { id: string; magic_link: string | null }[];
  next_cursor: string | null;
}

/** Walks the list from its first page by `next_cursor`; the time of each page and how many runs it saw. */
async function walk(client: Browser, key: string, query: string, maxPages = Infinity) {
  const latencies: number[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const url: string = `/api/v1/runs?${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const t0 = performance.now();
    const page: Answer<RunPage> = expectOk(
      await client.request<RunPage>('GET', url, undefined, { Authorization: `Bearer ${key}` }),
      url,
    );
    latencies.push(performance.now() - t0);
    for (const run of page.body.data) seen.add(run.id);
    cursor = page.body.next_cursor;
  } while (cursor && latencies.length < maxPages);
  return { latencies: latencies.sort((a, b) => a - b), runs: seen.size };
}

function report(label: string, figures: { latencies: number[]; runs: number }) {
  const p95 = percentile(figures.latencies, 95);
  console.log(
    `${label.padEnd(44)} ${String(figures.latencies.length).padStart(5)} pages, ${String(figures.runs).padStart(6)} runs  ` +
      `p50 ${ms(percentile(figures.latencies, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  ` +
      `max ${ms(figures.latencies.at(-1) ?? NaN).padStart(9)}  (target p95 <= ${P95_TARGET_MS} ms: ${verdict(p95 <= P95_TARGET_MS)})`,
  );
}

export async function apiV1Figures(): Promise<void> {
  console.log(`\n== api-v1: runs of a ${SCALE.runs.toLocaleString('en')}-run account by cursor, with an API key ==`);
  const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-api-v1' });
  try {
    const { owner } = await largeAccountOwner(api, 'api-v1');
    const { key } = expectOk(
      await owner.post<{ key: string }>('/api/api-keys', { name: 'bench', scopes: ['read'] }),
      'API key',
    ).body;
    // A client without the owner's cookie: the key alone.
    const client = new Browser(api.baseUrl);
    expectOk(await client.request('GET', '/api/v1/runs', undefined, { Authorization: `Bearer ${key}` }), 'warm-up');
    report('all runs, 50 a page (the default)', await walk(client, key, 'limit=50'));
    report('all runs, 200 a page (the most)', await walk(client, key, 'limit=200'));
    report(
      `status=in_progress, first ${FILTERED_PAGES} pages`,
      await walk(client, key, 'status=in_progress', FILTERED_PAGES),
    );
    const since = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString();
    report(
      `updated_since 30 days ago, first ${FILTERED_PAGES} pages`,
      await walk(client, key, `updated_since=${since}`, FILTERED_PAGES),
    );
  } finally {
    await api.close();
  }
}

// `npm run bench -- scale`: one owner with 500 properties, 50,000 runs, 1,000,000 run tasks and 200,000
// media, then the console's reads against that account (p50/p95 of sequential calls) and the data
// export's peak memory while it streams the whole account. Targets: p95 <= 150 ms, peak RSS <= 300 MB.
// BENCH_SCALE_EXPORT=0 leaves the export out (some 5 minutes of both cores), to time only the reads.
import { readFileSync } from 'node:fs';
import { startBenchApi } from './bench-api.ts';
import { expectOk, largeAccountOwner } from './owner.ts';
import { SCALE } from './scale-seed.ts';
import { ms, percentile, verdict } from './stats.ts';
import { Cleanup } from './cleanup.ts';
import { startRunnerApiServer } from './runner-api.ts';

const P95_TARGET_MS = 150;
const EXPORT_RSS_TARGET_MB = 300;
const CALLS = 40;

/** A process's resident memory in MB as /proc tells it: VmRSS now, or VmHWM, the peak so far. */
function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** ZIP local file headers (PK\x03\x04) in a chunk: the entries streamed (a header split over chunks is missed). */
function countLocalHeaders(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(0x50); i !== -1 && i < chunk.length - 3; i = chunk.indexOf(0x50, i + 1)) {
    if (chunk[i + 1] === 0x4b && chunk[i + 2] === 0x03 && chunk[i + 3] === 0x04) count += 1;
  }
  return count;
}

export async function scaleFigures(): Promise<void> {
  console.log('\n== scale: one account with 500 properties, 50,000 runs, 1,000,000 tasks, 200,000 media ==');
  const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-scale' });
  try {
    const { owner, ownerId } = await largeAccountOwner(api, 'scale');
    const [run] = await api.orm.em
      .getConnection()
      .execute<{ id: string }[]>(
        `select r.id from runs r join properties p on p.id = r.property_id where p.owner_id = ? and r.status = 'completed' limit 1`,
        [ownerId],
      );
    const since = new Date(new Date().setHours(0, 0, 0, 0)).toISOString();
    const reads: [string, string][] = [
      ['runs list, newest first (page 1)', '/api/runs?sort=["created_at","DESC"]&range=[0,24]'],
      ['runs list, sorted by end time (page 40)', '/api/runs?sort=["ended_at","DESC"]&range=[975,999]'],
      ['runs list, filter status=in_progress', '/api/runs?filter={"status":"in_progress"}&range=[0,24]'],
      ['runs list, search q="Property 42"', '/api/runs?filter={"q":"Property 42"}&range=[0,24]'],
      ['dashboard', `/api/dashboard?since=${encodeURIComponent(since)}`],
      ['analytics, 90 days', '/api/analytics?days=90'],
      ['properties list (25, by name)', '/api/properties?sort=["name","ASC"]&range=[0,24]'],
      ['run page (GET /api/runs/:id)', `/api/runs/${run!.id}`],
    ];
    for (const [label, url] of reads) {
      expectOk(await owner.get(url), label); // warm-up
      const latencies: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        const t0 = performance.now();
        expectOk(await owner.get(url), label);
        latencies.push(performance.now() - t0);
      }
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      console.log(
        `${label.padEnd(42)} p50 ${ms(percentile(latencies, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  ` +
          `(target p95 <= ${P95_TARGET_MS} ms: ${verdict(p95 <= P95_TARGET_MS)})`,
      );
    }

    if (process.env.BENCH_SCALE_EXPORT === '0') {
      console.log('data export: left out (BENCH_SCALE_EXPORT=0)');
      return;
    }
    // The export is served by an API process of its own (nothing else in it), whose peak resident memory
    // (VmHWM, start-up included) the kernel reports once the ZIP has been read to the end.
    const cleanup = new Cleanup();
    try {
      const server = await startRunnerApiServer(cleanup, undefined, { MEDIA_DIR: api.config.mediaDir });
      const before = residentMb(server.pid, 'VmRSS');
      const t0 = performance.now();
      const response = await fetch(`${server.apiUrl}/api/account/export`, { headers: { cookie: owner.cookie } });
      let bytes = 0;
      let entries = 0;
      for await (const chunk of response.body!) {
        bytes += (chunk as Uint8Array).length;
        entries += countLocalHeaders(chunk as Uint8Array);
      }
      const peak = residentMb(server.pid, 'VmHWM');
      console.log(
        `data export: ${response.status}, ${(bytes / 1024 / 1024).toFixed(0)} MB ZIP (about ${entries} entries) in ` +
          `${((performance.now() - t0) / 1000).toFixed(1)} s; API process peak RSS ${peak.toFixed(0)} MB ` +
          `(${before.toFixed(0)} MB before; target <= ${EXPORT_RSS_TARGET_MB} MB: ${verdict(peak <= EXPORT_RSS_TARGET_MB)})`,
      );
    } finally {
      await cleanup.run();
    }
    console.log(`(${SCALE.runs} runs x ${SCALE.tasksPerRun} tasks; ${CALLS} sequential calls per read)`);
  } finally {
    await api.close();
  }
}

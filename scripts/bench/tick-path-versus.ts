// The tick path (POST /api/public/task under the runner-api load) of another commit next to this
// checkout's, both servers side by side on one database and Temporal server, loads in ABBA order, each
// with the server's CPU time per request (the figure a busy machine disturbs least). Not a bench section:
// a before/after for a change of the tick path (docs/benchmarks.md, "Tick path").
//   BASE=<commit> [ROUNDS=2] npx tsx scripts/bench/tick-path-versus.ts
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createOrm } from '@turnproof/db';
import { benchEnvironment } from './bench-environment.ts';
import { archivedCheckout } from './archived-checkout.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner } from './owner.ts';
import { load, type Measured, printResult, seedRuns, startRunnerApiServer, taskTicks } from './runner-api.ts';
import { median } from './stats.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const rounds = Number(process.env.ROUNDS ?? 2);
const load1 = () => loadavg()[0]!;

const { databaseUrl, temporal } = await benchEnvironment('turnproof_bench_tick_versus');
const cleanup = new Cleanup();
try {
  const base = await archivedCheckout(process.env.BASE ?? 'HEAD~1', 'bench-base');
  const orm = await createOrm(databaseUrl);
  cleanup.add(() => orm.close());
  const sides = [];
  for (const [label, cwd] of [
    [`base ${base.commit}`, base.dir],
    ['this checkout', repoRoot],
  ] as const) {
    const { apiUrl, pid } = await startRunnerApiServer(cleanup, cwd);
    const owner = await confirmedOwner(apiUrl, orm, `bench-versus-${randomUUID().slice(0, 8)}`);
    sides.push({ label, apiUrl, pid, owner, results: [] as Measured[], loads: [] as number[] });
  }
  for (let round = 0; round < rounds; round += 1) {
    // ABBA: each side goes first in half the rounds.
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      // Fresh runs for each load: a fast side would bring runs to their cap of actions (429) by the second.
      const ticks = taskTicks(await seedRuns(side.owner), `bench-versus-${round}-${randomUUID()}`);
      const result = await load(`${side.apiUrl}/api/public/task`, ticks, undefined, side.pid);
      side.loads.push(load1());
      printResult(`${side.label} #${round + 1}`, result, `   [load ${load1().toFixed(2)}]`);
      side.results.push(result);
    }
  }
  for (const side of sides) {
    const m = (figure: (result: Measured) => number) => median(side.results.map(figure));
    console.log(
      `${side.label}: median ${m((r) => r.requests.average).toFixed(0)} req/s, p50 ${m((r) => r.latency.p50)} ms, ` +
        `p99 ${m((r) => r.latency.p99)} ms, server CPU ${m((r) => r.serverCpuMsPerRequest!).toFixed(3)} ms/req ` +
        `(load ${Math.min(...side.loads).toFixed(1)}-${Math.max(...side.loads).toFixed(1)})`,
    );
  }
} finally {
  await cleanup.run();
  await temporal.stop();
}

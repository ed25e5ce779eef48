// `npm run bench`: performance figures, printed (never asserted in tests), in sections that
// share a fresh database and a throwaway Temporal dev server:
// - foundation: argon2id and the owner endpoints, API in this process;
// - runner-api: POST /api/public/task under autocannon load next to a bare Koa route, API in a child process;
// - report: from completing a 30-photo run to the report e-mail, with the real worker in its own process;
// - report-memory: the worker's peak RSS while it renders the report of a run with 300 large photos;
// - runner-web: the cleaner's PWA cold-loaded on a throttled phone: LCP, CLS, blocking time, time to interactive, initial JavaScript;
// - console: the host's dashboard cold-loaded on a desktop and on the same phone: LCP, time to interactive, initial JavaScript;
// - proof: the capture log's cost on the task-tick path (before vs after, same run), verifying 300 entries;
// - photo-checks: the server's checks per photo (p50/p95), and the task-tick path's rate with checks on vs off;
// - site: Lighthouse (mobile preset) scores and LCP of the public pages;
// - scale: one account with 50,000 runs: p50/p95 of the console's reads and the export's peak RSS;
// - dispatch: a 1,000-reservation booking calendar reconciled (first sync, re-sync), one worker with 1,000 calendars;
// - api-v1: the scale account's 50,000 runs listed through /api/v1 by cursor with an API key: p50/p95 per page;
// - rolling-restart: two API processes behind a round-robin proxy restarted one at a time under load: failed requests.
// - restore: the scale account backed up and restored onto a fresh Temporal server: the recovery time.
import { availableParallelism, loadavg } from 'node:os';
import { format } from 'node:util';
import { apiV1Figures } from './bench/api-v1.ts';
import { consoleFigures } from './bench/console.ts';
import { dispatchFigures } from './bench/dispatch.ts';
import { foundationFigures } from './bench/foundation.ts';
import { photoChecksFigures } from './bench/photo-checks.ts';
import { proofFigures } from './bench/proof.ts';
import { reportFigures } from './bench/report.ts';
import { reportMemoryFigures } from './bench/report-memory.ts';
import { rollingRestartFigures } from './bench/rolling-restart.ts';
import { runnerApiFigures } from './bench/runner-api.ts';
import { runnerWebFigures } from './bench/runner-web.ts';
import { siteFigures } from './bench/site.ts';
import { scaleFigures } from './bench/scale.ts';
import { restoreFigures } from './bench/restore.ts';
import { benchEnvironment } from './bench/bench-environment.ts';

const { databaseUrl, temporal } = await benchEnvironment('turnproof_bench');

/**
 * Every figure a section prints, with the one-minute load average when it was printed beside it: a figure
 * measured on a busy machine says little. Here, once, rather than in each section's lines: a line with a
 * number that is no heading (`== … ==`) is a figure.
 */
function printFiguresWithLoad(): typeof console.log {
  const print = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    const text = format(...args);
    const last = text.split('\n').at(-1)!;
    if (!/\d/.test(last) || last.startsWith('==')) return print(text);
    print(`${text}   [load ${loadavg()[0]!.toFixed(2)}]`);
  };
  return print;
}

// `npm run bench -- runner-web` runs only the named sections.
const wanted = new Set(process.argv.slice(2));
const sections = [
  ['foundation', () => foundationFigures()],
  ['runner-api', () => runnerApiFigures(databaseUrl)],
  ['report', () => reportFigures()],
  ['report-memory', () => reportMemoryFigures()],
  ['runner-web', () => runnerWebFigures()],
  ['console', () => consoleFigures()],
  ['proof', () => proofFigures()],
  ['photo-checks', () => photoChecksFigures()],
  ['site', () => siteFigures()],
  ['scale', () => scaleFigures()],
  ['dispatch', () => dispatchFigures()],
  ['api-v1', () => apiV1Figures()],
  ['rolling-restart', () => rollingRestartFigures()],
  ['restore', () => restoreFigures()],
] as const;

try {
  // The headings below say the load themselves.
  const print = printFiguresWithLoad();
  print(`Turnproof benchmarks (${new Date().toISOString()}, Node ${process.version})`);
  for (const [name, run] of sections) {
    if (wanted.size > 0 && !wanted.has(name)) continue;
    // Browser timings on a busy machine say little: the load beside them tells how far to trust them.
    const load = loadavg().map((value) => value.toFixed(2));
    print(`\n[${name}] load average ${load.join(', ')} on ${availableParallelism()} cores`);
    await run();
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await temporal.stop();
}
// A helper that failed half-way may leave a socket open; the bench must end all the same.
if (process.exitCode) process.exit();

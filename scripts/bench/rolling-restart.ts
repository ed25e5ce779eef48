// The rolling-restart section of `npm run bench`: two API processes behind a round-robin proxy, each
// stopped with SIGTERM and replaced in turn while console tabs keep reading (scripts/lib/rolling-restart.ts).
import { rollingRestart } from '../lib/rolling-restart.ts';

export async function rollingRestartFigures(): Promise<void> {
  const { load, failed, retried, restarts } = await rollingRestart({ tabs: 8, settleMs: 3_000 });
  console.log(load.summary('requests through the proxy'));
  restarts.forEach((restart, n) =>
    console.log(
      `api-${n + 1}: ${restart.inFlight} requests in flight at SIGTERM, drained and exited (code ${restart.exitCode}) in ${restart.drainMs} ms, replacement answering after ${(restart.replacedMs / 1000).toFixed(1)} s`,
    ),
  );
  console.log(`GETs the proxy sent again after a reset: ${retried}; failed requests: ${failed} (target 0)`);
}

// Issue 29, point 3: a rolling restart of the API under load loses no request. Two real API processes
// (api/src/main.ts) behind a round-robin proxy; each gets SIGTERM in turn and is replaced, as a deploy
// does, while console tabs keep reading through the proxy.
import { describe, expect, it } from 'vitest';
import { rollingRestart } from '../lib/rolling-restart.ts';

describe('a rolling restart of two API processes under load', () => {
  it('answers every request, and each stopped process drains and exits cleanly', { timeout: 400_000 }, async () => {
    const { load, failed, retried, restarts } = await rollingRestart({ tabs: 6, settleMs: 1_500 });
    console.log(load.summary('rolling restart'), `retried after a reset: ${retried}`, JSON.stringify(restarts));
    expect(load.answers.length).toBeGreaterThan(200);
    // The drain was put to work: SIGTERM found requests in flight.
    expect(restarts.reduce((sum, restart) => sum + restart.inFlight, 0)).toBeGreaterThan(0);
    // Exit code 0: no answer was cut short by the drain time (api/src/main.ts).
    expect(restarts.map((restart) => restart.exitCode)).toEqual([0, 0]);
    expect(failed).toBe(0);
  });
});

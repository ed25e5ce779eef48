// Traffic that keeps going through an outage, as real users make it: cleaners ticking tasks (each
// action re-sent with the same id until answered, as the runner's offline queue does) and owners
// opening their lists, with every answer's status and time kept for the test to judge.
import { randomUUID } from 'node:crypto';
import type { Browser } from '../../../api/test/support/browser.ts';
import type { Cleaner } from '../../../api/test/runner/cleaner.ts';

export interface Answered {
  what: string;
  status: number;
  ms: number;
  /** Milliseconds since the load started. */
  at: number;
}

export interface SentTick {
  actionId: string;
  runTaskId: string;
  checked: boolean;
  timestamp: string;
}

export class OutageLoad {
  readonly answers: Answered[] = [];
  /** Every tick action that was finally accepted (2xx), in the order they were sent. */
  readonly ticks: SentTick[] = [];
  private readonly started = Date.now();
  private running = true;

  /** One request, timed; a network failure counts as status 0. */
  async timed<T>(what: string, send: () => Promise<{ status: number; body: T }>) {
    const before = Date.now();
    const answer = await send().catch(() => ({ status: 0, body: undefined as T }));
    this.answers.push({ what, status: answer.status, ms: Date.now() - before, at: before - this.started });
    return answer;
  }

  /** A cleaner toggles its tasks over and over; each action is retried with its id until accepted. */
  async cleanerLoop(cleaner: Cleaner, taskIds: string[], pauseMs = 50) {
    for (let round = 0; this.running; round += 1) {
      for (const runTaskId of taskIds) {
        if (!this.running) return;
        const tick: SentTick = {
          actionId: randomUUID(),
          runTaskId,
          checked: round % 2 === 0,
          timestamp: new Date().toISOString(),
        };
        await this.untilAccepted('tick', () =>
          cleaner.tick(runTaskId, { checked: tick.checked, timestamp: tick.timestamp }, tick.actionId),
        );
        this.ticks.push(tick);
        await sleep(pauseMs);
      }
    }
  }

  /** An owner keeps opening the property list and the inspections list. */
  async ownerLoop(owner: Browser, pauseMs = 100) {
    while (this.running) {
      await this.timed('properties', () => owner.get('/api/properties'));
      await this.timed('runs', () => owner.get('/api/runs'));
      await sleep(pauseMs);
    }
  }

  async untilAccepted<T>(what: string, send: () => Promise<{ status: number; body: T }>) {
    for (;;) {
      const answer = await this.timed(what, send);
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status >= 400 && answer.status < 500) throw new Error(`${what} refused: ${answer.status}`);
      await sleep(200);
    }
  }

  stop() {
    this.running = false;
  }

  /** Answers whose time falls in [from, to) ms since the start. */
  between(from: number, to: number) {
    return this.answers.filter((answer) => answer.at >= from && answer.at < to);
  }

  summary(label: string, answers = this.answers) {
    const by = new Map<number, number>();
    for (const answer of answers) by.set(answer.status, (by.get(answer.status) ?? 0) + 1);
    const pct = (p: number) => percentile(answers, p);
    return `${label}: ${answers.length} answers ${JSON.stringify(Object.fromEntries(by))}, p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`;
  }
}

/** The answer time (ms) below which p percent of the answers fall. */
export function percentile(answers: Answered[], p: number): number {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest accepted tick of each task: what the database must hold at the end. */
export function newestTickPerTask(ticks: SentTick[]): Map<string, SentTick> {
  const newest = new Map<string, SentTick>();
  for (const tick of ticks) newest.set(tick.runTaskId, tick);
  return newest;
}

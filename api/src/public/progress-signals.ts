import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { runHandle } from '@turnproof/temporal/client';
import { mediaConfirmedSignal, taskProgressSignal, type MediaConfirmed, type TaskProgress } from '@turnproof/workflows';
import type { Logger } from 'pino';

type Pending =
  { kind: 'task'; runId: string; progress: TaskProgress } | { kind: 'media'; runId: string; progress: MediaConfirmed };

const MAX_IN_FLIGHT = 8;
const MAX_ATTEMPTS = 8;

/**
 * Sends task progress to the runs' workflows after the request has answered. The database is the
 * record of what the cleaner did; the workflow learns it for its status and progress, and is handed
 * the stored state again at completion, so a signal that arrives late changes no decision. Signals
 * for the same task are coalesced: only the newest state is sent.
 */
export class ProgressSignals {
  private readonly pending = new Map<string, Pending>();
  private inFlight = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly temporal: Client,
    private readonly logger: Logger,
  ) {}

  taskChanged(runId: string, progress: TaskProgress): void {
    const key = `task/${progress.runTaskId}`;
    const queued = this.pending.get(key);
    if (queued?.kind === 'task' && queued.progress.changedAt > progress.changedAt) return;
    this.enqueue(key, { kind: 'task', runId, progress });
  }

  mediaConfirmed(runId: string, progress: MediaConfirmed): void {
    const key = `media/${progress.runTaskId}`;
    const queued = this.pending.get(key);
    if (queued?.kind === 'media' && queued.progress.confirmedMedia > progress.confirmedMedia) return;
    this.enqueue(key, { kind: 'media', runId, progress });
  }

  /** Resolves once everything queued has been sent (graceful shutdown, tests). */
  drained(): Promise<void> {
    if (this.pending.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private enqueue(key: string, item: Pending) {
    this.pending.set(key, item);
    this.pump();
  }

  private pump() {
    while (this.inFlight < MAX_IN_FLIGHT && this.pending.size > 0) {
      const [key, item] = this.pending.entries().next().value as [string, Pending];
      this.pending.delete(key);
      this.inFlight += 1;
      void this.send(item).finally(() => {
        this.inFlight -= 1;
        this.pump();
        if (this.pending.size === 0 && this.inFlight === 0) this.idle.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async send(item: Pending) {
    const handle = runHandle(this.temporal, item.runId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (item.kind === 'task') await handle.signal(taskProgressSignal, item.progress);
        else await handle.signal(mediaConfirmedSignal, item.progress);
        return;
      } catch (error) {
        // A deleted run's workflow is gone; its progress no longer matters.
        if (error instanceof WorkflowNotFoundError) return;
        if (attempt >= MAX_ATTEMPTS) {
          this.logger.warn({ err: error, runId: item.runId }, 'task progress signal not delivered');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5_000)));
      }
    }
  }
}

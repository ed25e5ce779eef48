import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { runHandle } from '@turnproof/temporal/client';
import { progressSignal, type MediaConfirmed, type ProgressBatch, type TaskProgress } from '@turnproof/workflows';
import type { Logger } from 'pino';

const MAX_IN_FLIGHT = 8;
const MAX_ATTEMPTS = 8;
/** At most one signal per run in this time: a busy run's changes ride together in the next one. */
const RUN_SIGNAL_INTERVAL_MS = 2_000;

/** The newest change per task of one run, waiting to be sent. */
interface RunChanges {
  tasks: Map<string, TaskProgress>;
  media: Map<string, MediaConfirmed>;
}

/**
 * Sends task progress to the runs' workflows after the request has answered. The database is the
 * record of what the cleaner did; the workflow learns it for its status and progress, and is handed
 * the stored state again at completion, so a signal that arrives late changes no decision. Changes
 * are batched per run (one signal carries all of a run's changes since the last one) and coalesced
 * per task (only the newest state is sent), so a busy run costs Temporal a signal at a time and at
 * most one every two seconds.
 */
export class ProgressSignals {
  private readonly pending = new Map<string, RunChanges>();
  private readonly sending = new Set<string>();
  /** Runs signalled less than RUN_SIGNAL_INTERVAL_MS ago. */
  private readonly resting = new Set<string>();
  private idle: (() => void)[] = [];

  constructor(
    private readonly temporal: Client,
    private readonly logger: Logger,
  ) {}

  taskChanged(runId: string, progress: TaskProgress): void {
    const changes = this.changesOf(runId);
    const queued = changes.tasks.get(progress.runTaskId);
    if (!queued || queued.changedAt <= progress.changedAt) changes.tasks.set(progress.runTaskId, progress);
    this.pump();
  }

  mediaConfirmed(runId: string, progress: MediaConfirmed): void {
    const changes = this.changesOf(runId);
    const queued = changes.media.get(progress.runTaskId);
    if (!queued || queued.confirmedMedia <= progress.confirmedMedia) changes.media.set(progress.runTaskId, progress);
    this.pump();
  }

  /** Resolves once everything queued has been sent (graceful shutdown, tests). */
  drained(): Promise<void> {
    if (this.pending.size === 0 && this.sending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private changesOf(runId: string): RunChanges {
    let changes = this.pending.get(runId);
    if (!changes) {
      changes = { tasks: new Map(), media: new Map() };
      this.pending.set(runId, changes);
    }
    return changes;
  }

  /** Starts sending for runs with changes, one signal per run at a time, a few runs at once. */
  private pump() {
    for (const [runId, changes] of this.pending) {
      if (this.sending.size >= MAX_IN_FLIGHT) return;
      if (this.sending.has(runId) || this.resting.has(runId)) continue;
      this.pending.delete(runId);
      this.sending.add(runId);
      this.resting.add(runId);
      setTimeout(() => {
        this.resting.delete(runId);
        this.pump();
      }, RUN_SIGNAL_INTERVAL_MS);
      const batch: ProgressBatch = { tasks: [...changes.tasks.values()], media: [...changes.media.values()] };
      void this.send(runId, batch).finally(() => {
        this.sending.delete(runId);
        this.pump();
        if (this.pending.size === 0 && this.sending.size === 0) this.idle.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async send(runId: string, batch: ProgressBatch) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await runHandle(this.temporal, runId).signal(progressSignal, batch);
        return;
      } catch (error) {
        // A deleted run's workflow is gone; its progress no longer matters.
        if (error instanceof WorkflowNotFoundError) return;
        if (attempt >= MAX_ATTEMPTS) {
          this.logger.warn({ err: error, runId }, 'task progress signal not delivered');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5_000)));
      }
    }
  }
}

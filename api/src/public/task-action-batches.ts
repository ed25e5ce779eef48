import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppliedTaskAction, applyTaskActionsInOneStatement, type TaskAction } from './task-action-statement.ts';

interface Waiting extends TaskAction {
  resolve: (applied: AppliedTaskAction | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the cleaners' most frequent call. While one statement is with the database, the
 * task actions that arrive wait and then go together in the next one, so a busy API pays one round trip
 * and one commit for many actions, and a quiet one sends each action at once. A statement never holds
 * two actions with the same action id or task (they would race inside it); the later one waits a turn.
 */
export class TaskActionBatches {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(
    private readonly em: EntityManager,
    private readonly maxBatch = 200,
  ) {}

  /** The action as applied, or null when the caller must take the transactional path. */
  apply(action: TaskAction): Promise<AppliedTaskAction | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...action, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush() {
    this.flushing = true;
    while (this.waiting.length > 0) {
      const batch = this.nextBatch();
      try {
        const applied = await applyTaskActionsInOneStatement(this.em, batch);
        batch.forEach((action, i) => action.resolve(applied[i]!));
      } catch (error) {
        await this.applyOneByOne(batch, error);
      }
    }
    this.flushing = false;
  }

  /** The oldest waiting actions with distinct action ids and tasks; the rest keep their order. */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const actionIds = new Set<string>();
    const taskIds = new Set<string>();
    for (const action of this.waiting) {
      const { action_id, runTaskId } = action.body;
      if (batch.length >= this.maxBatch || actionIds.has(action_id) || taskIds.has(runTaskId)) {
        later.push(action);
        continue;
      }
      actionIds.add(action_id);
      taskIds.add(runTaskId);
      batch.push(action);
    }
    this.waiting = later;
    return batch;
  }

  /**
   * A failed statement (a deadlock with another API process, a value PostgreSQL refuses) fails only
   * the actions that fail on their own: each one is tried alone.
   */
  private async applyOneByOne(batch: Waiting[], error: unknown) {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
    for (const action of batch) {
      try {
        const [applied] = await applyTaskActionsInOneStatement(this.em, [action]);
        action.resolve(applied ?? null);
      } catch (alone) {
        action.reject(alone);
      }
    }
  }
}

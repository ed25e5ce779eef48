import type { EntityManager } from '@mikro-orm/postgresql';
import { applyTaskActionsInOneStatement, type TaskAction, type TaskActionOutcome } from './task-action-statement.ts';

interface Waiting extends TaskAction {
  resolve: (outcome: TaskActionOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the cleaners' most frequent call. While statements are with the database, the task
 * actions that arrive wait and then go together in the next one, so a busy API pays one round trip and
 * one commit for many actions, and a quiet one sends each action at once. Up to `maxInFlight` statements
 * run side by side, so a round trip that waits for a busy database's core does not hold every tick up.
 * A run's actions (one link) are never in two statements at once: statements side by side share no
 * run's rows (its start, chain head, outbox row), so they never wait on or deadlock with each other. Nor
 * is an action id: each statement's snapshot would miss the other's record of it. Nor is a rate-limit row
 * (one address's budget): each statement spends its actions' budgets and keeps their rows locked until its
 * durable commit, so the other would only wait for it inside the database. A statement never holds
 * two actions with the same action id or task either (they would race inside it). An action that cannot
 * go yet waits a turn, in order.
 */
export class TaskActionBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /** The links (tokens) and action ids of the actions in the statements with the database. */
  private readonly busyLinks = new Set<string>();
  private readonly busyActionIds = new Set<string>();
  private readonly busyBudgetRows = new Set<string>();

  constructor(
    private readonly em: EntityManager,
    private readonly maxBatch = 200,
    private readonly maxInFlight = 2,
  ) {}

  /**
   * The action's budget counts, and the action as applied, or null when the caller must answer 429 or
   * take the transactional path.
   */
  apply(action: TaskAction): Promise<TaskActionOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...action, resolve, reject });
      this.startStatements();
    });
  }

  private startStatements() {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.nextBatch();
      // Every waiting action's run is in a statement already: the next one to end starts them.
      if (batch.length === 0) return;
      void this.send(batch);
    }
  }

  private async send(batch: Waiting[]) {
    this.inFlight += 1;
    for (const { body, budgets } of batch) {
      this.busyLinks.add(body.token);
      this.busyActionIds.add(body.action_id);
      for (const { row } of budgets) this.busyBudgetRows.add(row);
    }
    try {
      const outcomes = await applyTaskActionsInOneStatement(this.em, batch);
      batch.forEach((action, i) => action.resolve(outcomes[i]!));
    } catch (error) {
      await this.applyOneByOne(batch, error);
    } finally {
      for (const { body, budgets } of batch) {
        this.busyLinks.delete(body.token);
        this.busyActionIds.delete(body.action_id);
        for (const { row } of budgets) this.busyBudgetRows.delete(row);
      }
      this.inFlight -= 1;
      this.startStatements();
    }
  }

  /**
   * The oldest waiting actions whose runs are in no statement, with distinct action ids and tasks; the
   * rest keep their order.
   */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const actionIds = new Set<string>();
    const taskIds = new Set<string>();
    for (const action of this.waiting) {
      const { action_id, runTaskId, token } = action.body;
      if (
        batch.length >= this.maxBatch ||
        action.budgets.some(({ row }) => this.busyBudgetRows.has(row)) ||
        this.busyLinks.has(token) ||
        this.busyActionIds.has(action_id) ||
        actionIds.has(action_id) ||
        taskIds.has(runTaskId)
      ) {
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
        const [outcome] = await applyTaskActionsInOneStatement(this.em, [action]);
        action.resolve(outcome!);
      } catch (alone) {
        action.reject(alone);
      }
    }
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import {
  type BillingDurations,
  type CalendarDurations,
  type Config,
  productionDurations,
  type RunDurations,
  type TrialDurations,
  withOwnerLadder,
} from '@turnproof/config';
import { type RUN_STATUSES, UserPreferences } from '@turnproof/db';
import pLimit from 'p-limit';
import { calendarDurationsOf, ensurePropertyCalendar } from '@turnproof/temporal/calendar-client';
import {
  resumeBillingAccount,
  runHandle,
  runWorkflowId,
  startInspectionRun,
  startTrial,
} from '@turnproof/temporal/client';
import {
  billingWorkflowId,
  calendarWorkflowId,
  progressSignal,
  trialWorkflowId,
  type BillingView,
  type ProgressBatch,
  type RunKind,
} from '@turnproof/workflows';
import { storedProgressOf } from '../outbox/run-progress-state.ts';

export interface ReconcileDeps {
  em: EntityManager;
  temporal: Client;
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'CALENDAR_POLL_INTERVAL_MINUTES' | 'CALENDAR_DEFAULT_TURNAROUND_HOURS'>;
  /** Timers of the workflows started (production values unless a test passes seconds). */
  runDurations?: RunDurations;
  trialDurations?: TrialDurations;
  billingDurations?: BillingDurations;
  calendarDurations?: CalendarDurations;
}

/** How many workflows each kind had already (`present`) and how many were started again (`started`). */
export type ReconcileReport = Record<
  'runs' | 'trials' | 'subscriptions' | 'calendars',
  { present: number; started: number }
>;

/** Said after each page of open runs, for an operator watching a long restore. */
export type ReconcileProgress = (runsDone: number) => void;

/** Workflows started at a time: a large account's thousands of open runs are back in minutes, not hours. */
const CONCURRENCY = 16;
/**
 * Open runs read at a time, with their tasks, ladders and progress in one statement each: a run at a time
 * took four statements each and queued 15,000 runs' worth of them on the pool.
 */
const RUN_PAGE = 500;

/** Runs whose workflow still has work: the cleaner's link, reminders, completion and report. */
const OPEN_RUN_STATUSES = ['pending', 'in_progress'] satisfies (typeof RUN_STATUSES)[number][];

/**
 * After a restore onto a Temporal that knows nothing of them (a disaster took it too), every open run,
 * trial, subscription and calendar gets its workflow back, under its usual id and from what the database
 * holds; one that exists is left alone, so running it twice starts nothing twice.
 */
export async function reconcileWorkflows(
  deps: ReconcileDeps,
  onRunsProgress?: ReconcileProgress,
): Promise<ReconcileReport> {
  return {
    runs: await reconcileRuns(deps, onRunsProgress),
    trials: await each(
      deps,
      await trialsInProgress(deps.em),
      (t) => trialWorkflowId(t.userId),
      (t) => startTrial(deps.temporal, deps.config, t, deps.trialDurations),
    ),
    subscriptions: await each(
      deps,
      await subscriptions(deps.em),
      (s) => billingWorkflowId(s.userId),
      (s) => resumeBillingAccount(deps.temporal, deps.config, s.userId, s.carried, deps.billingDurations),
    ),
    calendars: await each(
      deps,
      await calendarProperties(deps.em),
      (p) => calendarWorkflowId(p.propertyId),
      (p) =>
        ensurePropertyCalendar(deps.temporal, deps.config, {
          ...p,
          durations: deps.calendarDurations ?? calendarDurationsOf(deps.config),
          runDurations: deps.runDurations,
        }),
    ),
  };
}

async function each<T>(
  deps: ReconcileDeps,
  items: T[],
  workflowId: (item: T) => string,
  start: (item: T) => Promise<unknown>,
): Promise<{ present: number; started: number }> {
  let present = 0;
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    items.map((item) =>
      limit(async () => {
        if (await exists(deps.temporal, workflowId(item))) present += 1;
        else {
          try {
            await start(item);
          } catch (error) {
            // Started by someone else meanwhile (the outbox relay, the trial sweep): it is there.
            if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
            present += 1;
          }
        }
      }),
    ),
  );
  return { present, started: items.length - present };
}

/** True when Temporal has a workflow with this id, open or closed (a closed one is not started again). */
async function exists(temporal: Client, workflowId: string): Promise<boolean> {
  try {
    await temporal.workflow.getHandle(workflowId).describe();
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

interface OpenRun {
  id: string;
  type: RunKind;
  due_at: Date | null;
  property_id: string;
  owner_id: string;
}

/** Every open run, a page at a time, each page's workflows started before the next is read. */
async function reconcileRuns(
  deps: ReconcileDeps,
  onProgress?: ReconcileProgress,
): Promise<{ present: number; started: number }> {
  const total = { present: 0, started: 0 };
  let after: OpenRun | undefined;
  for (;;) {
    const page = await openRunsAfter(deps.em, after);
    if (page.length === 0) return total;
    const inputs = await runInputs(deps, page);
    const counts = await each(
      deps,
      page,
      (run) => runWorkflowId(run.id),
      (run) => resumeRun(deps, inputs, run),
    );
    total.present += counts.present;
    total.started += counts.started;
    onProgress?.(total.present + total.started);
    after = page.at(-1);
  }
}

/** The next page of open runs, by id (keyset: nothing changes them while a restore runs). */
async function openRunsAfter(em: EntityManager, after: OpenRun | undefined): Promise<OpenRun[]> {
  const statuses = OPEN_RUN_STATUSES.map(() => '?').join(', ');
  return em.getConnection().execute<OpenRun[]>(
    `select r.id, r.type, r.due_at, r.property_id, p.owner_id
     from runs r join properties p on p.id = r.property_id
     where r.status in (${statuses}) ${after ? 'and r.id > ?' : ''}
     order by r.id limit ${RUN_PAGE}`,
    [...OPEN_RUN_STATUSES, ...(after ? [after.id] : [])],
  );
}

/** What a page's workflows start from: each run's tasks, its owner's ladder, its stored progress. */
interface RunInputs {
  tasks: Map<string, { id: string; title: string; requiredMedia: number }[]>;
  ladders: Map<string, UserPreferences>;
  progress: Map<string, ProgressBatch>;
}

async function runInputs(deps: ReconcileDeps, page: OpenRun[]): Promise<RunInputs> {
  const runIds = page.map((run) => run.id);
  const taskRows = await deps.em
    .getConnection()
    .execute<{ run_id: string; id: string; title: string; required_media: number }[]>(
      `select run_id, id, title, required_media from run_tasks
       where run_id in (${runIds.map(() => '?').join(', ')}) order by run_id, order_index`,
      runIds,
    );
  const tasks = new Map<string, { id: string; title: string; requiredMedia: number }[]>();
  for (const row of taskRows) {
    const task = { id: row.id, title: row.title, requiredMedia: row.required_media };
    const list = tasks.get(row.run_id);
    if (list) list.push(task);
    else tasks.set(row.run_id, [task]);
  }
  const owners = [...new Set(page.map((run) => run.owner_id))];
  const preferences = await deps.em.fork().find(UserPreferences, { user: { $in: owners } });
  return {
    tasks,
    ladders: new Map(preferences.map((found) => [found.user.id, found])),
    progress: await storedProgressOf(deps.em.fork(), runIds),
  };
}

/** The run's workflow as its creation started it (tasks, due time, the owner's ladder), then its progress. */
async function resumeRun(deps: ReconcileDeps, inputs: RunInputs, run: OpenRun): Promise<void> {
  await startInspectionRun(
    deps.temporal,
    deps.config,
    {
      runId: run.id,
      ownerId: run.owner_id,
      propertyId: run.property_id,
      kind: run.type,
      dueAt: run.due_at ? new Date(run.due_at).toISOString() : null,
      tasks: inputs.tasks.get(run.id) ?? [],
    },
    withOwnerLadder(deps.runDurations ?? productionDurations, inputs.ladders.get(run.owner_id)),
  );
  const progress = inputs.progress.get(run.id);
  if (progress) await runHandle(deps.temporal, run.id).signal(progressSignal, progress);
}

/** As the daily trial sweep finds them: a trial not yet over and no plan. */
async function trialsInProgress(em: EntityManager): Promise<{ userId: string; trialEnd: Date }[]> {
  const rows = await em
    .getConnection()
    .execute<{ user_id: string; trial_ends_at: Date }[]>(
      `select user_id, trial_ends_at from billing_accounts where trial_ends_at > now() and plan_status = 'none'`,
    );
  return rows.map((row) => ({ userId: row.user_id, trialEnd: new Date(row.trial_ends_at) }));
}

/** Owners with a subscription (active or past due): their billing workflow resumes from the stored plan. */
async function subscriptions(em: EntityManager) {
  const rows = await em.getConnection().execute<
    {
      user_id: string;
      plan_key: BillingView['planKey'];
      plan_status: 'active' | 'past_due';
      grace_ends_at: Date | null;
    }[]
  >(`select user_id, plan_key, plan_status, grace_ends_at from billing_accounts where plan_status <> 'none'`);
  return rows.map((row) => {
    const grace = row.grace_ends_at ? new Date(row.grace_ends_at).toISOString() : null;
    return {
      userId: row.user_id,
      carried: {
        seenEventIds: [],
        appliedSnapshotAt: 0,
        grace,
        trialClosed: true,
        view: { planKey: row.plan_key, planStatus: row.plan_status, graceEndsAt: grace, eventsApplied: 0 },
      },
    };
  });
}

/** Properties with calendar feeds follow them in their `calendar/{id}` workflow. */
async function calendarProperties(em: EntityManager): Promise<{ propertyId: string; ownerId: string }[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string; owner_id: string }[]>(
      `select id, owner_id from properties where jsonb_array_length(calendar_urls) > 0`,
    );
  return rows.map((row) => ({ propertyId: row.id, ownerId: row.owner_id }));
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type RunDurations } from '@turnproof/config';
import { recordHistory } from './support/record-history.ts';
import {
  completeRunUpdate,
  issueReportedSignal,
  reportProgressQuery,
  runProgressQuery,
  reviewRunUpdate,
  progressSignal,
} from '@turnproof/workflows';
import {
  bundleTurnproofWorkflows,
  connectTemporal,
  createTurnproofWorker,
  registerSearchAttributes,
  reportHandle,
  runHandle,
  startInspectionRun,
  temporalHealth,
  terminateRun,
  type TemporalClient,
  type TurnproofActivities,
} from '../src/index.ts';

// A task queue of its own, so no other worker on the shared server picks up these runs.
const config = { ...loadConfig(), TEMPORAL_TASK_QUEUE: `test-inspection-run-${randomUUID()}` };
// Skipped time: the workflow takes its durations as input, so seconds stand in for hours and days.
const durations: RunDurations = { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: 3_000 };

let workflowBundle: WorkflowBundle;
let nativeConnection: NativeConnection;
let temporal: TemporalClient;

beforeAll(async () => {
  workflowBundle = await bundleTurnproofWorkflows();
  nativeConnection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  temporal = await connectTemporal(config);
});

afterAll(async () => {
  await temporal?.connection.close();
  await nativeConnection?.close();
});

/** Activities that only record that they ran (and when), for testing the workflow's decisions. */
const paidReport = { meterReport: { held: false, paidBy: 'included', notice: null }, nextReportVersion: 2 };

/** Metering answers that the plan pays for the report (so it is made at once) unless a test answers otherwise. */
function recordingActivities(answers: Record<string, unknown> = paidReport) {
  const calls: { name: string; arg: unknown; at: number }[] = [];
  const record =
    (name: string) =>
    async (arg: unknown): Promise<unknown> => {
      calls.push({ name, arg, at: Date.now() });
      return answers[name];
    };
  const activities = Object.fromEntries(
    [
      'markRunCompleted',
      'sendDueReminder',
      'raiseOverdueAlert',
      'expireRunLink',
      'emailIssueAlert',
      'emailIssueAlerts',
      'createReportVersion',
      'renderReport',
      'emailReport',
      'meterReport',
      'markReportFailed',
      'recordReview',
      'nextReportVersion',
      'anchorCaptureHead',
      'openClaimDeadline',
      'remindClaimDeadline',
    ].map((name) => [name, record(name)]),
  ) as unknown as TurnproofActivities;
  return { calls, activities, names: () => calls.map((call) => call.name) };
}

function newRun(overrides: { dueAt?: string | null } = {}) {
  return {
    runId: randomUUID(),
    ownerId: `owner-${randomUUID()}`,
    propertyId: `property-${randomUUID()}`,
    kind: 'turnover' as const,
    dueAt: overrides.dueAt ?? null,
    tasks: [
      { id: 'strip-beds', title: 'Strip beds', requiredMedia: 0 },
      { id: 'photo-kitchen', title: 'Photograph kitchen', requiredMedia: 2 },
    ],
  };
}

async function withWorker<T>(activities: TurnproofActivities, work: () => Promise<T>): Promise<T> {
  const worker = await createTurnproofWorker({ config, connection: nativeConnection, activities, workflowBundle });
  return worker.runUntil(work);
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Not true within ${timeoutMs} ms`);
    await sleep(200);
  }
}

const now = () => new Date().toISOString();

describe('InspectionRun workflow', () => {
  it('reports the shared dev server healthy and the search attributes registered', async () => {
    expect(await temporalHealth(temporal.client)).toBe(true);
    expect(await registerSearchAttributes(temporal.connection, config.TEMPORAL_NAMESPACE)).toEqual([]);
  });

  it('goes pending -> in_progress -> completed, refuses completion naming what is missing, reports, then expires the link', async () => {
    const run = newRun();
    const recorder = recordingActivities();
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      expect(handle.workflowId).toBe(`run/${run.runId}`);
      expect((await handle.query(runProgressQuery)).status).toBe('pending');

      const found = await eventually(async () => {
        for await (const execution of temporal.client.workflow.list({ query: `TurnproofOwnerId='${run.ownerId}'` })) {
          return execution.workflowId;
        }
        return undefined;
      });
      expect(found).toBe(`run/${run.runId}`);

      await handle.signal(progressSignal, {
        tasks: [
          {
            runTaskId: 'strip-beds',
            checked: true,
            changedAt: now(),
            startedAt: now(),
          },
        ],
        media: [],
      });
      const progress = await handle.query(runProgressQuery);
      expect(progress).toMatchObject({ status: 'in_progress', tasksChecked: 1, tasksTotal: 2 });
      expect(progress.blocking).toEqual(['Photograph kitchen (not checked, needs 2 more photos)']);

      const refused = await handle
        .executeUpdate(completeRunUpdate, { args: [{ tasks: [] }] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
      expect((refused as WorkflowUpdateFailedError).cause?.message).toBe(
        'Complete these tasks first: Photograph kitchen (not checked, needs 2 more photos).',
      );

      await handle.signal(progressSignal, {
        tasks: [],
        media: [{ runTaskId: 'photo-kitchen', confirmedMedia: 2, startedAt: now() }],
      });
      // An older change arriving late does not undo a newer one.
      await handle.signal(progressSignal, {
        tasks: [
          {
            runTaskId: 'photo-kitchen',
            checked: true,
            changedAt: now(),
            startedAt: now(),
          },
        ],
        media: [],
      });
      await handle.signal(progressSignal, {
        tasks: [
          {
            runTaskId: 'photo-kitchen',
            checked: false,
            changedAt: new Date(Date.now() - 60_000).toISOString(),
            startedAt: now(),
          },
        ],
        media: [],
      });
      const result = await handle.executeUpdate(completeRunUpdate, { args: [{ tasks: [] }] });
      expect(result.status).toBe('completed');

      const description = await eventually(async () => {
        const described = await handle.describe();
        const status = described.typedSearchAttributes.getAll().find((pair) => pair.key.name === 'TurnproofRunStatus');
        return status?.value === 'completed' ? described : undefined;
      });
      expect(description.status.name).toBe('RUNNING');

      const completedAt = Date.now();
      expect(await handle.result()).toEqual({ status: 'completed', reportStatus: 'ready' });
      if (process.env.RECORD_WORKFLOW_HISTORIES) {
        await recordHistory(config, 'inspection-run-lifecycle', `run/${run.runId}`);
        await recordHistory(config, 'report-generation-mail-apart', `report/${run.runId}/v1`);
      }
      const expired = recorder.calls.find((call) => call.name === 'expireRunLink');
      expect(expired?.at).toBeGreaterThanOrEqual(completedAt + durations.linkReadableAfterCompletionMs - 1000);
      // The timestamp anchor runs beside the report, once the completion is in the log.
      const names = recorder.names();
      expect(names.filter((name) => name === 'anchorCaptureHead')).toHaveLength(1);
      expect(names.indexOf('anchorCaptureHead')).toBeGreaterThan(names.indexOf('markRunCompleted'));
      expect(names.filter((name) => name !== 'anchorCaptureHead')).toEqual([
        'markRunCompleted',
        'createReportVersion',
        'meterReport',
        'renderReport',
        'emailReport',
        'expireRunLink',
      ]);
    });
  });

  it('takes the host review as Updates: refuses bad ones, reopens sent-back tasks, reports the revision as v2, then approves', async () => {
    const run = newRun();
    const recorder = recordingActivities();
    const done = [
      { id: 'strip-beds', checked: true, confirmedMedia: 0 },
      { id: 'photo-kitchen', checked: true, confirmedMedia: 2 },
    ];
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: WorkflowUpdateFailedError) => error.cause?.message,
      );
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      const review = (request: {
        decision: 'approve' | 'revise';
        taskIds?: string[];
        note?: string | null;
        score?: number | null;
      }) =>
        handle.executeUpdate(reviewRunUpdate, {
          args: [{ taskIds: [], note: null, score: null, ...request }],
        });
      expect(await refusal(review({ decision: 'approve' }))).toBe('Only a completed run can be reviewed.');
      await handle.executeUpdate(completeRunUpdate, { args: [{ tasks: done }] });

      expect(await refusal(review({ decision: 'revise', taskIds: ['photo-kitchen'] }))).toBe(
        'Write a note telling the cleaner what to redo.',
      );
      expect(await refusal(review({ decision: 'revise', taskIds: ['nope'], note: 'Again' }))).toBe(
        'These tasks are not part of this run: nope.',
      );
      expect(await refusal(review({ decision: 'approve', score: 9 }))).toBe(
        'The score must be a whole number from 1 to 5.',
      );

      const revised = await review({
        decision: 'revise',
        taskIds: ['photo-kitchen'],
        note: 'The oven is greasy',
        score: 3,
      });
      expect(revised.status).toBe('revision_requested');
      expect((await handle.query(runProgressQuery)).blocking).toEqual(['Photograph kitchen (not checked)']);
      expect(await refusal(review({ decision: 'approve' }))).toBe("This run is waiting for the cleaner's revision.");
      const stillOpen = [done[0]!, { ...done[1]!, checked: false }];
      expect(await refusal(handle.executeUpdate(completeRunUpdate, { args: [{ tasks: stillOpen }] }))).toBe(
        'Complete these tasks first: Photograph kitchen (not checked).',
      );

      expect((await handle.executeUpdate(completeRunUpdate, { args: [{ tasks: done }] })).status).toBe('completed');
      expect((await review({ decision: 'approve', score: 5 })).status).toBe('completed');
      expect(await handle.result()).toEqual({ status: 'completed', reportStatus: 'ready' });
      await eventually(async () =>
        recorder.names().filter((name) => name === 'emailReport').length === 2 ? true : undefined,
      );
      if (process.env.RECORD_WORKFLOW_HISTORIES) {
        await recordHistory(config, 'inspection-run-review', `run/${run.runId}`);
      }
      const reviews = recorder.calls.filter((call) => call.name === 'recordReview').map((call) => call.arg);
      expect(reviews).toMatchObject([
        { runId: run.runId, decision: 'revise', taskIds: ['photo-kitchen'], note: 'The oven is greasy', score: 3 },
        { runId: run.runId, decision: 'approve', score: 5 },
      ]);
      const versions = recorder.calls.filter((call) => call.name === 'createReportVersion').map((call) => call.arg);
      expect(versions).toMatchObject([
        { runId: run.runId, version: 1 },
        { runId: run.runId, version: 2 },
      ]);
      // A revision's report is mailed but not counted again.
      expect(recorder.names().filter((name) => name === 'meterReport')).toHaveLength(1);
    });
  });

  it('judges completion by the stored task state sent along, even when progress signals have not arrived', async () => {
    const run = newRun();
    await withWorker(recordingActivities().activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      const stillMissing = await handle
        .executeUpdate(completeRunUpdate, {
          args: [{ tasks: [{ id: 'strip-beds', checked: true, confirmedMedia: 0 }] }],
        })
        .catch((error: WorkflowUpdateFailedError) => error.cause?.message);
      expect(stillMissing).toBe('Complete these tasks first: Photograph kitchen (not checked, needs 2 more photos).');
      const stored = [
        { id: 'strip-beds', checked: true, confirmedMedia: 0 },
        { id: 'photo-kitchen', checked: true, confirmedMedia: 2 },
      ];
      expect((await handle.executeUpdate(completeRunUpdate, { args: [{ tasks: stored }] })).status).toBe('completed');
      await terminateRun(temporal.client, run.runId);
    });
  });

  it('expires the link on time while the report waits at the flex cap', async () => {
    const run = { ...newRun(), tasks: [{ id: 'only', title: 'Only task', requiredMedia: 0 }] };
    const recorder = recordingActivities({ meterReport: { held: true, paidBy: null, notice: null } });
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      await handle.executeUpdate(completeRunUpdate, {
        args: [{ tasks: [{ id: 'only', checked: true, confirmedMedia: 0 }] }],
      });
      await eventually(async () => (recorder.names().includes('expireRunLink') ? true : undefined));
      expect(recorder.names()).not.toContain('renderReport');
      const report = reportHandle(temporal.client, run.runId, 1);
      expect(await report.query(reportProgressQuery)).toMatchObject({ status: 'held', step: 'Report limit reached' });
      await report.terminate('test over');
      await terminateRun(temporal.client, run.runId);
    });
  });

  it('accepts exactly one of 20 concurrent completions', async () => {
    const run = { ...newRun(), tasks: [{ id: 'only', title: 'Only task', requiredMedia: 0 }] };
    const recorder = recordingActivities();
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      await handle.signal(progressSignal, {
        tasks: [{ runTaskId: 'only', checked: true, changedAt: now(), startedAt: now() }],
        media: [],
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => handle.executeUpdate(completeRunUpdate, { args: [{ tasks: [] }] })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const messages = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as WorkflowUpdateFailedError).cause?.message] : [],
      );
      expect(new Set(messages)).toEqual(new Set(['This run is already completed.']));
      await handle.result();
      expect(recorder.names().filter((name) => name === 'markRunCompleted')).toHaveLength(1);
      expect(recorder.names().filter((name) => name === 'createReportVersion')).toHaveLength(1);
    });
  });

  it('reminds before due_at while the run has not started, then raises the overdue alert at due_at', async () => {
    // The reminder 6 s before a due time 10 s away, counted once the worker runs: a busy machine may take
    // seconds to start the run and to run the reminder's activity after its timer, and a run that starts
    // after its reminder's moment rightly sends none.
    const dueInMs = 10_000;
    const reminding = { ...durations, reminderBeforeDueMs: 6_000 };
    const recorder = recordingActivities();
    let started = 0;
    let run = newRun();
    await withWorker(recorder.activities, async () => {
      started = Date.now();
      run = newRun({ dueAt: new Date(started + dueInMs).toISOString() });
      await startInspectionRun(temporal.client, config, run, reminding);
      await eventually(async () => (recorder.names().includes('raiseOverdueAlert') ? true : undefined), 30_000);
      await terminateRun(temporal.client, run.runId);
    });
    const reminder = recorder.calls.find((call) => call.name === 'sendDueReminder');
    const overdue = recorder.calls.find((call) => call.name === 'raiseOverdueAlert');
    expect(reminder?.arg).toBe(run.runId);
    expect(reminder!.at - started).toBeGreaterThanOrEqual(dueInMs - reminding.reminderBeforeDueMs - 500);
    expect(reminder!.at - started).toBeLessThan(dueInMs);
    expect(overdue!.at - started).toBeGreaterThanOrEqual(dueInMs - 500);
  });

  it('sends no reminder once the run has started, and no overdue alert once it is completed', async () => {
    const run = {
      ...newRun({ dueAt: new Date(Date.now() + 4_000).toISOString() }),
      tasks: [{ id: 't', title: 'T', requiredMedia: 0 }],
    };
    const recorder = recordingActivities();
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      await handle.signal(progressSignal, {
        tasks: [{ runTaskId: 't', checked: true, changedAt: now(), startedAt: now() }],
        media: [],
      });
      await handle.executeUpdate(completeRunUpdate, { args: [{ tasks: [] }] });
      await handle.result();
    });
    expect(recorder.names()).not.toContain('sendDueReminder');
    expect(recorder.names()).not.toContain('raiseOverdueAlert');
  });

  it('e-mails the host about high-severity issues only', async () => {
    const run = newRun();
    const recorder = recordingActivities();
    await withWorker(recorder.activities, async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      await handle.signal(issueReportedSignal, { alertId: 'low-1', severity: 'low' });
      await handle.signal(issueReportedSignal, { alertId: 'high-1', severity: 'high' });
      await eventually(async () => (recorder.names().includes('emailIssueAlerts') ? true : undefined));
      await terminateRun(temporal.client, run.runId);
    });
    // New runs coalesce high-severity mails (one per run per interval), listing the issues.
    expect(recorder.calls.filter((call) => call.name === 'emailIssueAlerts').map((call) => call.arg)).toEqual([
      ['high-1'],
    ]);
    expect(recorder.names()).not.toContain('emailIssueAlert');
  });

  it('is terminated when the host deletes the run, and terminating a missing run is harmless', async () => {
    const run = newRun();
    await withWorker(recordingActivities().activities, async () => {
      await startInspectionRun(temporal.client, config, run, durations);
      expect(await terminateRun(temporal.client, run.runId)).toBe(true);
      expect((await runHandle(temporal.client, run.runId).describe()).status.name).toBe('TERMINATED');
    });
    expect(await terminateRun(temporal.client, randomUUID())).toBe(false);
  });
});

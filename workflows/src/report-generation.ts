import { condition, defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { reportProgressQuery, type ReportProgress } from './run-messages.ts';

export interface ReportGenerationInput {
  runId: string;
  version: number;
  /** The first report of a run goes to the host by e-mail and counts as one report use. */
  emailHost: boolean;
  meter: boolean;
}

export const reportWorkflowId = (runId: string, version: number) => `report/${runId}/v${version}`;

/** The owner's plan or credits changed (an upgrade): a report held at the flex cap tries again. */
export const reportQuotaChangedSignal = defineSignal('reportQuotaChanged');

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8 };
const { createReportVersion, emailReport, meterReport, sendUsageNotice, markReportFailed } = proxyActivities<
  ReturnType<typeof createActivities>
>({ startToCloseTimeout: '1 minute', retry });
// Rendering heartbeats as it goes, so a worker that dies mid-render is noticed in seconds, not minutes.
const { renderReport } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...retry, maximumAttempts: 5 },
});

/**
 * `report/{runId}/v{version}`: one version of a run's report. The workflow id makes each version
 * happen once; every activity is idempotent on (run id, version). A metered report is counted before
 * it is made, so a flex owner past the monthly cap gets it held until an upgrade.
 */
export async function reportGeneration(input: ReportGenerationInput): Promise<{ status: 'ready' }> {
  // Runs started before usage was counted up front count it last, as they did then.
  const meterFirst = input.meter && patched('meter-report-before-render');
  const meterLast = input.meter && !meterFirst;
  const steps = [
    'Collecting run data',
    ...(meterFirst ? ['Recording report usage'] : []),
    'Rendering the PDF',
    ...(input.emailHost ? ['E-mailing the host'] : []),
    ...(meterLast ? ['Recording report usage'] : []),
  ];
  const progress: ReportProgress = {
    version: input.version,
    status: 'generating',
    step: steps[0] ?? '',
    stepsDone: 0,
    stepsTotal: steps.length,
    percent: 0,
  };
  setHandler(reportProgressQuery, () => progress);
  const quota = { changed: false };
  setHandler(reportQuotaChangedSignal, () => {
    quota.changed = true;
  });
  const advance = () => {
    progress.stepsDone += 1;
    progress.percent = Math.round((progress.stepsDone / progress.stepsTotal) * 100);
    progress.step = steps[progress.stepsDone] ?? 'Done';
  };

  const key = { runId: input.runId, version: input.version };
  try {
    await createReportVersion(key);
    advance();
    if (meterFirst) {
      await meterUntilAllowed(key, progress, quota);
      advance();
    }
    await renderReport(key);
    advance();
    if (input.emailHost) {
      await emailReport(key);
      advance();
    }
    if (meterLast) {
      await meterReport(key);
      advance();
    }
  } catch (error) {
    progress.status = 'failed';
    await markReportFailed({ ...key, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  progress.status = 'ready';
  return { status: 'ready' };
}

/** Counts the report; while the plan refuses it ('Report limit reached'), waits for the quota to change. */
async function meterUntilAllowed(
  key: { runId: string; version: number },
  progress: ReportProgress,
  quota: { changed: boolean },
): Promise<void> {
  for (;;) {
    // Reset before asking, so an upgrade arriving while the activity runs is not missed.
    quota.changed = false;
    const use = await meterReport({ ...key, mayHold: true });
    if (use.notice) await sendUsageNotice(use.notice);
    if (!use.held) {
      progress.status = 'generating';
      return;
    }
    progress.status = 'held';
    progress.step = 'Report limit reached';
    await condition(() => quota.changed);
  }
}

import {
  ActivityFailure,
  condition,
  defineSignal,
  patched,
  proxyActivities,
  type RetryPolicy,
  setHandler,
} from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';
import { reportFailureReason } from './report-failure.ts';
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

const retry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 8,
};
const { createReportVersion, emailReport, meterReport, sendUsageNotice, markReportFailed } = proxyActivities<
  ReturnType<typeof createActivities>
>({ startToCloseTimeout: '1 minute', retry });
// The e-mail waits out an SMTP outage (days); a refused address fails it at once.
const { emailReport: emailReportUntilSent } =
  proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);
const { markReportMailFailed } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});
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
  // The mail is a step of its own after the report is ready (it waits out an SMTP outage and never
  // fails the report); reports started before mailed within the report's steps.
  const mailApart = input.emailHost && patched('report-mail-as-own-step');
  const mailWithin = input.emailHost && !mailApart;
  const steps = [
    'Collecting run data',
    ...(meterFirst ? ['Recording report usage'] : []),
    'Rendering the PDF',
    ...(mailWithin ? ['E-mailing the host'] : []),
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
    await createReportVersion(mailApart ? { ...key, mailHost: true } : key);
    advance();
    if (meterFirst) {
      await meterUntilAllowed(key, progress, quota);
      advance();
    }
    await renderReport(key);
    advance();
    if (mailWithin) {
      await emailReport(key);
      advance();
    }
    if (meterLast) {
      await meterReport(key);
      advance();
    }
  } catch (error) {
    progress.status = 'failed';
    await markReportFailed({ ...key, error: reportFailureReason(error) });
    throw error;
  }
  progress.status = 'ready';
  if (mailApart) await mailReportToHost(key);
  return { status: 'ready' };
}

/** E-mails the ready report; when the mail gives up, the report says why ('mail failed'), still ready. */
async function mailReportToHost(key: { runId: string; version: number }): Promise<void> {
  try {
    await emailReportUntilSent(key);
  } catch (error) {
    const cause = error instanceof ActivityFailure && error.cause ? error.cause : error;
    await markReportMailFailed({ ...key, error: cause instanceof Error ? cause.message : String(cause) });
  }
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

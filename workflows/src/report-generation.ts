import { proxyActivities, setHandler } from '@temporalio/workflow';
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

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8 };
const { createReportVersion, emailReport, meterReport, markReportFailed } = proxyActivities<
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
 * happen once; every activity is idempotent on (run id, version).
 */
export async function reportGeneration(input: ReportGenerationInput): Promise<{ status: 'ready' }> {
  const steps = [
    'Collecting run data',
    'Rendering the PDF',
    ...(input.emailHost ? ['E-mailing the host'] : []),
    ...(input.meter ? ['Recording report usage'] : []),
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
  const advance = () => {
    progress.stepsDone += 1;
    progress.percent = Math.round((progress.stepsDone / progress.stepsTotal) * 100);
    progress.step = steps[progress.stepsDone] ?? 'Done';
  };

  const key = { runId: input.runId, version: input.version };
  try {
    await createReportVersion(key);
    advance();
    await renderReport(key);
    advance();
    if (input.emailHost) {
      await emailReport(key);
      advance();
    }
    if (input.meter) {
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

import type { Context } from '@temporalio/activity';

/** The SDK's meter type, named through the package the activities already depend on. */
export type MetricMeter = Context['metricMeter'];

export type MailFailure = 'refused' | 'unavailable';

/** The activities' own series, exported beside the SDK's (the MailFailures and ReportLatency alerts). */
export interface ActivityMetrics {
  mailFailed(reason: MailFailure): void;
  /** From the run's end to its first report being ready. */
  reportReady(latencySeconds: number): void;
  /** The newest backup that finished (the BackupTooOld alert). */
  backupSucceeded(at: Date): void;
}

/** Series on the worker runtime's meter; without one (activities built by a test) nothing is recorded. */
export function activityMetrics(meter: MetricMeter | undefined): ActivityMetrics {
  if (!meter) return { mailFailed: () => {}, reportReady: () => {}, backupSucceeded: () => {} };
  const mailFailures = meter.createCounter(
    'turnproof_mail_failures',
    undefined,
    'Mails the activities could not send, by reason (refused by the server; server unavailable or deferring)',
  );
  const reportLatency = meter.createHistogram(
    'turnproof_report_latency_seconds',
    'float',
    undefined,
    "Seconds from a run's end to its first report being ready",
  );
  const lastBackup = meter.createGauge(
    'turnproof_backup_last_success_timestamp_seconds',
    'float',
    undefined,
    'Unix time of the newest backup that finished (the daily schedule, BACKUP_DIR)',
  );
  return {
    mailFailed: (reason) => mailFailures.add(1, { reason }),
    reportReady: (latencySeconds) => reportLatency.record(latencySeconds),
    backupSucceeded: (at) => lastBackup.set(at.getTime() / 1000),
  };
}

import {
  type Client,
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
  type Workflow,
} from '@temporalio/client';
import {
  FLEX_MEDIA_RETENTION_MS,
  productionTrialDurations,
  SUMMARY_PERIOD_MS,
  UNCONFIRMED_MEDIA_MAX_AGE_MS,
  type Config,
} from '@turnproof/config';
import {
  captureAnchors,
  heldTextsRelease,
  mediaPurge,
  scheduledBackup,
  trialSweep,
  unconfirmedMediaPurge,
  weeklySummary,
} from '@turnproof/workflows';

type ScheduleConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'BACKUP_DIR'>>;
type ScheduleDefinition = Omit<ScheduleOptions<ScheduleOptionsStartWorkflowAction<Workflow>>, 'memo'>;

export const SCHEDULE_IDS = {
  trialSweep: 'turnproof-trial-sweep',
  mediaPurge: 'turnproof-media-purge',
  unconfirmedMediaPurge: 'turnproof-unconfirmed-media-purge',
  weeklySummary: 'turnproof-weekly-summary',
  heldTexts: 'turnproof-held-texts',
  backup: 'turnproof-backup',
  captureAnchors: 'turnproof-capture-anchors',
} as const;

/**
 * The recurring jobs (UTC): daily trial sweep and media purge at night, the purge of unconfirmed media
 * every hour, the weekly summary on Monday morning, and the texts quiet hours held every quarter of an hour
 * (08:00 falls on a quarter hour in every zone), the open runs' capture-log heads timestamped every hour;
 * with BACKUP_DIR, the backup daily at 01:00 (the recovery point
 * is at most a day old).
 */
export function scheduleDefinitions(config: ScheduleConfig): ScheduleDefinition[] {
  const { expiringNoticeMs, endingSoonNoticeMs } = productionTrialDurations;
  const start = (workflowType: Workflow, args: unknown[]) => ({
    type: 'startWorkflow' as const,
    workflowType,
    args,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  // A job still running at the next time skips that time rather than running twice at once.
  const policies: ScheduleOptions['policies'] = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' };
  return [
    {
      scheduleId: SCHEDULE_IDS.trialSweep,
      spec: { calendars: [{ hour: 2, minute: 0 }] },
      action: start(trialSweep, [{ notices: { expiringNoticeMs, endingSoonNoticeMs } }]),
      policies,
    },
    {
      scheduleId: SCHEDULE_IDS.mediaPurge,
      spec: { calendars: [{ hour: 3, minute: 0 }] },
      action: start(mediaPurge, [{ retentionMs: FLEX_MEDIA_RETENTION_MS }]),
      policies,
    },
    {
      scheduleId: SCHEDULE_IDS.unconfirmedMediaPurge,
      spec: { intervals: [{ every: '1 hour', offset: '30 minutes' }] },
      action: start(unconfirmedMediaPurge, [{ olderThanMs: UNCONFIRMED_MEDIA_MAX_AGE_MS }]),
      policies,
    },
    {
      scheduleId: SCHEDULE_IDS.weeklySummary,
      spec: { calendars: [{ dayOfWeek: 'MONDAY', hour: 8, minute: 0 }] },
      action: start(weeklySummary, [{ periodMs: SUMMARY_PERIOD_MS }]),
      policies,
    },
    {
      scheduleId: SCHEDULE_IDS.heldTexts,
      spec: { intervals: [{ every: '15 minutes' }] },
      action: start(heldTextsRelease, []),
      policies,
    },
    {
      scheduleId: SCHEDULE_IDS.captureAnchors,
      spec: { intervals: [{ every: '1 hour', offset: '10 minutes' }] },
      action: start(captureAnchors, []),
      policies,
    },
    ...(config.BACKUP_DIR
      ? [
          {
            scheduleId: SCHEDULE_IDS.backup,
            spec: { calendars: [{ hour: 1, minute: 0 }] },
            action: start(scheduledBackup, []),
            policies,
          },
        ]
      : []),
  ];
}

/**
 * Creates the schedules, or brings existing ones up to date, so every start-up may call it. Answers the
 * ids it created.
 */
export async function ensureSchedules(client: Client, config: ScheduleConfig): Promise<string[]> {
  const created: string[] = [];
  for (const definition of scheduleDefinitions(config)) {
    try {
      await client.schedule.create(definition);
      created.push(definition.scheduleId);
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      await client.schedule.getHandle(definition.scheduleId).update((previous) => ({
        spec: definition.spec,
        action: definition.action,
        policies: definition.policies,
        state: previous.state,
      }));
    }
  }
  return created;
}

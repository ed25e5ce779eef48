// Where the report section's time goes: from the report workflow's history (when it started, when each
// activity was scheduled, started and completed) and from the worker's spans inside the render (report.*,
// mail.send), on one run's timeline that starts when POST /api/public/complete answered.
import type { Client } from '@temporalio/client';
import { reportWorkflowId } from '@turnproof/workflows';
import type { ReceivedSpan } from '../../api/test/support/otlp-receiver.ts';

/** One run's phases in order, in milliseconds; they add up to the whole wait. */
export type Phases = [label: string, ms: number][];

type HistoryEvent = NonNullable<
  Awaited<ReturnType<ReturnType<Client['workflow']['getHandle']>['fetchHistory']>>['events']
>[number];

const eventMs = (event: HistoryEvent | undefined) =>
  Number(event?.eventTime?.seconds?.toString() ?? 0) * 1000 + (event?.eventTime?.nanos ?? 0) / 1e6;

/**
 * Each activity of the history by name: scheduled, started (its last attempt) and completed times, and the
 * attempts with the last failure when it took more than one.
 */
function activityTimes(events: HistoryEvent[]) {
  const byName = new Map<
    string,
    { scheduled: number; started: number; completed: number; attempts: number; lastFailure: string }
  >();
  for (const scheduled of events.filter((event) => event.activityTaskScheduledEventAttributes)) {
    const id = Number(scheduled.eventId);
    const ofThis = (event: HistoryEvent, attributes: { scheduledEventId?: unknown } | null | undefined) =>
      attributes && Number(String(attributes.scheduledEventId)) === id ? event : undefined;
    const started = events.find((event) => ofThis(event, event.activityTaskStartedEventAttributes));
    const completed = events.find((event) => ofThis(event, event.activityTaskCompletedEventAttributes));
    byName.set(scheduled.activityTaskScheduledEventAttributes!.activityType!.name!, {
      scheduled: eventMs(scheduled),
      started: eventMs(started),
      completed: eventMs(completed),
      attempts: started?.activityTaskStartedEventAttributes?.attempt ?? 1,
      lastFailure: started?.activityTaskStartedEventAttributes?.lastFailure?.message ?? '',
    });
  }
  return byName;
}

/** Spans of this run's window by name, summed (the render stores two files, each in a report.store span). */
function spanMs(spans: ReceivedSpan[], from: number, to: number, name: string): number {
  return spans
    .filter((span) => span.name === name && span.startMs >= from && span.endMs <= to)
    .reduce((sum, span) => sum + span.endMs - span.startMs, 0);
}

/**
 * The phases of one run whose report mail arrived at `mailedAt` (both `Date.now()` times; the Temporal dev
 * server and the worker share this machine's clock). Spans arrive in batches: call once they are in.
 */
export async function reportPhases(
  temporal: Client,
  runId: string,
  spans: ReceivedSpan[],
  completedAt: number,
  mailedAt: number,
): Promise<{ phases: Phases; retries: string[] }> {
  const handle = temporal.workflow.getHandle(reportWorkflowId(runId, 1));
  // The mail is in before its activity has completed.
  await handle.result();
  const events = (await handle.fetchHistory()).events ?? [];
  const started = eventMs(events[0]);
  const activities = activityTimes(events);
  const step = (name: string) => {
    const times = activities.get(name);
    if (!times) throw new Error(`The report of run ${runId} ran no ${name}`);
    return times;
  };
  const version = step('createReportVersion');
  const meter = step('meterReport');
  const render = step('renderReport');
  const mail = step('emailReport');
  const within = (name: string) => spanMs(spans, render.started, render.completed, name);
  const renderParts: Phases = [
    ['change maps', within('report.change-maps')],
    ['data', within('report.data') - within('report.change-maps')],
    ['photos', within('report.photos')],
    ['html', within('report.html') - within('report.photos')],
    ['pdf', within('report.pdf')],
    ['store', within('report.store')],
  ];
  const renderKnown = renderParts.reduce((sum, [, ms]) => sum + ms, 0);
  const send = spanMs(spans, mail.started, mail.completed, 'mail.send');
  const activityMs = (times: typeof version) => times.completed - times.scheduled;
  const inActivities = activityMs(version) + activityMs(meter) + activityMs(render) + activityMs(mail);
  const reportWorkflowEnd = mail.completed;
  const retries = [...activities]
    .filter(([, times]) => times.attempts > 1)
    .map(([name, times]) => `${name}: ${times.attempts} attempts, the last failure: ${times.lastFailure}`);
  const phases: Phases = [
    ['complete → report workflow', started - completedAt],
    ['version', activityMs(version)],
    ['meter', activityMs(meter)],
    ['render queue', render.started - render.scheduled],
    ...renderParts.map(([label, ms]): [string, number] => [`render ${label}`, ms]),
    ['render rest (ready, events)', render.completed - render.started - renderKnown],
    ['mail prepare', mail.completed - mail.scheduled - send],
    ['mail send (SMTP)', send],
    ['between steps (workflow tasks)', reportWorkflowEnd - started - inActivities],
    ['mail seen by the bench', mailedAt - reportWorkflowEnd],
  ];
  return { phases, retries };
}

/** Each phase's median over the runs, in the order of the first run. */
export function medianPhases(runs: Phases[], median: (values: number[]) => number): Phases {
  return (runs[0] ?? []).map(([label], index) => [label, median(runs.map((phases) => phases[index]![1]))]);
}

export const formatPhases = (phases: Phases) =>
  phases.map(([label, ms]) => `${label} ${Math.round(ms)}`).join(' · ') + ' (ms)';

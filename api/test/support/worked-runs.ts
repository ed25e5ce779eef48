import { Property, Run, RunPause } from '@turnproof/db';
import { ownerRecords } from './owner-records.ts';
import type { TestApi } from './test-api.ts';

/** A property of the owner (with its default checklists) in a time zone. */
export async function propertyIn(api: TestApi, ownerId: string, name: string, timezone = 'America/New_York') {
  const id = await ownerRecords(api).property(ownerId, name);
  await api.orm.em.fork().nativeUpdate(Property, { id }, { timezone });
  return id;
}

/**
 * A run a team member completed, with its hours and closed pauses as the run's completion leaves them
 * (work_seconds null, as on runs completed before hours were kept), written straight to the database.
 */
export async function workedRun(
  api: TestApi,
  propertyId: string,
  memberId: string,
  times: { started: string; ended: string; workSeconds: number | null; lateMinutes?: number },
  pauses: [string, string][] = [],
) {
  const { runId } = await ownerRecords(api).run(propertyId, {
    status: 'completed',
    started_at: new Date(times.started),
    ended_at: new Date(times.ended),
  });
  const em = api.orm.em.fork();
  await em.nativeUpdate(
    Run,
    { id: runId },
    { assigned_to: memberId, work_seconds: times.workSeconds, late_checkout_minutes: times.lateMinutes ?? null },
  );
  for (const [paused, resumed] of pauses) {
    em.create(RunPause, { run: runId, paused_at: new Date(paused), resumed_at: new Date(resumed) });
  }
  await em.flush();
  return runId;
}

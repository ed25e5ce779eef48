import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../http/errors.ts';

/**
 * The photos a task needs now: its own requirement, and at least one once the host rejected any of its
 * photos, since a rejected photo must be replaced. Rejected photos never count toward it.
 */
export const photosRequired = (requiredMedia: number, rejectedPhotos: number): number =>
  Math.max(requiredMedia, rejectedPhotos > 0 ? 1 : 0);

export const photoRequirementMessages = {
  replace: (tasks: string[]) =>
    `Replace the photos the host rejected first: ${tasks.join('; ')}. A rejected photo does not count.`,
};

/**
 * While a run awaits revision, a sent-back task whose photos the host rejected completes only with new
 * photos in their place: 409 naming each such task and how many it still needs. Checked when the run is
 * completed (which the runner syncs after its photos), so a task ticked offline before its photo
 * uploaded never blocks the device's queue.
 */
export async function assertRejectedPhotosReplaced(em: EntityManager, runId: string): Promise<void> {
  const rows = await em
    .getConnection()
    .execute<{ title: string; required_media: number; kept: string; rejected: string }[]>(
      `select t.title, t.required_media,
       count(m.id) filter (where m.status = 'confirmed' and m.rejected_at is null) as kept,
       count(m.id) filter (where m.rejected_at is not null) as rejected
     from run_tasks t left join media m on m.run_task_id = t.id
     where t.run_id = ? and t.reopened
     group by t.id order by t.order_index`,
      [runId],
    );
  const short = rows.flatMap((row) => {
    const rejected = Number(row.rejected);
    const missing = photosRequired(row.required_media, rejected) - Number(row.kept);
    return rejected > 0 && missing > 0 ? [`${row.title} (needs ${missing} new photo${missing === 1 ? '' : 's'})`] : [];
  });
  if (short.length) throw conflict(photoRequirementMessages.replace(short));
}

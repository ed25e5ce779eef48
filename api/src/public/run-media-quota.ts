import type { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_RUN_MEDIA, RUN_MEDIA_MAX_BYTES, RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import { HttpError } from '../http/errors.ts';
import { DEMO_OWNER_EMAIL } from '../site/demo-run.ts';

const gigabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 3)} GB`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

export const quotaMessages = {
  count: `This inspection already has ${RUN_MEDIA_MAX_COUNT} photos and videos, the most one inspection can hold. Ask the host for help.`,
  bytes: `This file would take this inspection over its ${gigabytes(RUN_MEDIA_MAX_BYTES)} of photos and videos. Ask the host for help.`,
};

export const demoQuotaMessages = {
  count: `This demo already has ${DEMO_RUN_MEDIA.maxCount} photos, the most a demo can hold. Start a free trial for real inspections.`,
  bytes: `This photo would take the demo over its ${megabytes(DEMO_RUN_MEDIA.maxBytes)} of photos. Start a free trial for real inspections.`,
  video: 'Videos are not part of the demo. Take a photo instead, or start a free trial to record videos.',
};

/**
 * Refuses a reservation over the run's quota (every reserved file counts, confirmed or not, until the
 * purge removes abandoned ones): 429 past the count, 413 past the bytes. An anonymous demo run has
 * demo-sized quotas and takes no video (415). Locks the run row, so concurrent reservations of one
 * link cannot all squeeze under the limit.
 */
export async function assertWithinRunQuota(
  tx: EntityManager,
  runId: string,
  size: number,
  kind: 'photo' | 'video',
): Promise<void> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  await connection.execute(`select id from runs where id = ? for update`, [runId], 'all', context);
  const [usage] = await connection.execute<{ count: string; bytes: string; demo: boolean }[]>(
    `select count(*) as count, coalesce(sum(size), 0) as bytes,
            exists (select 1 from runs r join properties p on p.id = r.property_id join users u on u.id = p.owner_id
                     where r.id = ? and u.email = ?) as demo
       from media where run_id = ?`,
    [runId, DEMO_OWNER_EMAIL, runId],
    'all',
    context,
  );
  const count = Number(usage?.count ?? 0);
  const bytes = Number(usage?.bytes ?? 0);
  if (usage?.demo) {
    if (kind === 'video' && !DEMO_RUN_MEDIA.videos) throw new HttpError(415, demoQuotaMessages.video);
    if (count >= DEMO_RUN_MEDIA.maxCount) throw new HttpError(429, demoQuotaMessages.count);
    if (bytes + size > DEMO_RUN_MEDIA.maxBytes) throw new HttpError(413, demoQuotaMessages.bytes);
    return;
  }
  if (count >= RUN_MEDIA_MAX_COUNT) throw new HttpError(429, quotaMessages.count);
  if (bytes + size > RUN_MEDIA_MAX_BYTES) throw new HttpError(413, quotaMessages.bytes);
}

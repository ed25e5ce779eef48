import type { EntityManager } from '@mikro-orm/postgresql';
import { RUN_MEDIA_MAX_BYTES, RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import { HttpError } from '../http/errors.ts';

const gigabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 3)} GB`;

export const quotaMessages = {
  count: `This inspection already has ${RUN_MEDIA_MAX_COUNT} photos and videos, the most one inspection can hold. Ask the host for help.`,
  bytes: `This file would take this inspection over its ${gigabytes(RUN_MEDIA_MAX_BYTES)} of photos and videos. Ask the host for help.`,
};

/**
 * Refuses a reservation over the run's quota (every reserved file counts, confirmed or not, until the
 * purge removes abandoned ones): 429 past the count, 413 past the bytes. Locks the run row, so
 * concurrent reservations of one link cannot all squeeze under the limit.
 */
export async function assertWithinRunQuota(tx: EntityManager, runId: string, size: number): Promise<void> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  await connection.execute(`select id from runs where id = ? for update`, [runId], 'all', context);
  const [usage] = await connection.execute<{ count: string; bytes: string }[]>(
    `select count(*) as count, coalesce(sum(size), 0) as bytes from media where run_id = ?`,
    [runId],
    'all',
    context,
  );
  if (Number(usage?.count ?? 0) >= RUN_MEDIA_MAX_COUNT) throw new HttpError(429, quotaMessages.count);
  if (Number(usage?.bytes ?? 0) + size > RUN_MEDIA_MAX_BYTES) throw new HttpError(413, quotaMessages.bytes);
}

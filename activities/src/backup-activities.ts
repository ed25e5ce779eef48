import { ApplicationFailure } from '@temporalio/activity';
import { type BackupSources, newestBackupAt, rotateBackups } from '@turnproof/platform/backup';
import type { ActivityMetrics } from './activity-metrics.ts';

/**
 * The daily backup into BACKUP_DIR with its retention (7 daily, 4 weekly). The backup-age gauge starts
 * from the newest backup on disk, so a restarted worker does not look as if it never backed up.
 */
export function createBackupActivities({
  backup,
  metrics,
}: {
  backup?: { sources: BackupSources; dir: string };
  metrics: ActivityMetrics;
}) {
  if (backup)
    void newestBackupAt(backup.dir).then(
      (at) => at && metrics.backupSucceeded(at),
      () => {},
    );
  return {
    async backUpNow(): Promise<{ folder: string; mediaFiles: number; pruned: string[] }> {
      if (!backup)
        throw ApplicationFailure.nonRetryable('BACKUP_DIR is not set on this worker: the scheduled backup cannot run.');
      const { folder, manifest, pruned } = await rotateBackups(backup.sources, backup.dir);
      metrics.backupSucceeded(new Date(manifest.createdAt));
      return { folder, mediaFiles: manifest.media.objects, pruned };
    },
  };
}

import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeBackup, type BackupSources } from './backup.ts';
import { readManifest, type Manifest } from './manifest.ts';

/** Backups kept: the newest of each of the last 7 days that have one, and of each of the last 4 weeks. */
export const RETENTION = { daily: 7, weekly: 4 } as const;

// A backup's folder is named by its UTC start time, e.g. 2026-11-28T03-15-00Z, so names sort by time.
const FOLDER = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;
const folderName = (at: Date) => `${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
const PARTIAL = '.partial';

/** Monday of the date's ISO week, as YYYY-MM-DD. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The backup folders that fall out of the retention (7 daily, 4 weekly); other names are left alone. */
export function backupsToPrune(names: string[]): string[] {
  const backups = names
    .filter((name) => FOLDER.test(name))
    .sort()
    .reverse();
  const keep = new Set<string>();
  const newestOf = (period: (name: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const name of backups) {
      const key = period(name);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  newestOf((name) => name.slice(0, 10), RETENTION.daily);
  newestOf((name) => weekOf(name.slice(0, 10)), RETENTION.weekly);
  return backups.filter((name) => !keep.has(name));
}

/** When the newest finished backup under `root` was made (for the backup-age gauge at a worker's start). */
export async function newestBackupAt(root: string): Promise<Date | null> {
  const names = await readdir(root).catch(() => []);
  const newest = names
    .filter((name) => FOLDER.test(name))
    .sort()
    .at(-1);
  if (!newest) return null;
  return new Date((await readManifest(path.join(root, newest))).createdAt);
}

/**
 * The scheduled backup: a new folder under `root` (written as `<name>.partial` and renamed when
 * complete, so a crash leaves no folder that looks finished), then the retention. Answers the new folder,
 * its manifest and the folders removed.
 */
export async function rotateBackups(
  sources: BackupSources,
  root: string,
  now = new Date(),
): Promise<{ folder: string; manifest: Manifest; pruned: string[] }> {
  const name = folderName(now);
  const partial = path.join(root, `${name}${PARTIAL}`);
  await rm(partial, { recursive: true, force: true });
  const manifest = await writeBackup(sources, partial);
  const folder = path.join(root, name);
  await rename(partial, folder);
  const entries = await readdir(root);
  const pruned = backupsToPrune(entries);
  // Unfinished folders of earlier attempts go too.
  const stale = entries.filter((entry) => entry.endsWith(PARTIAL));
  await Promise.all([...pruned, ...stale].map((entry) => rm(path.join(root, entry), { recursive: true, force: true })));
  return { folder, manifest, pruned };
}

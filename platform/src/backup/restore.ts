import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import { ensureDatabaseExists } from '@turnproof/db';
import { checkedMediaPath, type MediaStorage } from '../media-storage.ts';
import { keyId, readStoredFile } from './backup-files.ts';
import { databaseTables, restoreDatabase } from './database-dump.ts';
import { checkFiles, readManifest, type Manifest } from './manifest.ts';

export interface RestoreTargets {
  databaseUrl: string;
  storage: MediaStorage;
  /** The key the backup was encrypted with (BACKUP_ENCRYPTION_KEY); null for a backup in the clear. */
  key: Buffer | null;
}

const MEDIA_CONCURRENCY = 8;

/** Refused restores say why in a sentence an operator can act on. */
export class RestoreRefused extends Error {}

/**
 * Restores the backup in `dir` into an empty database and an empty media store: checks every file
 * against the manifest first, then the dump (one transaction) and its row counts, then the media.
 */
export async function restoreBackup(targets: RestoreTargets, dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const problems = await checkFiles(dir, manifest);
  if (problems.length > 0) throw new RestoreRefused(`The backup is damaged: ${problems.join(' ')}`);
  const key = keyFor(manifest, targets.key);
  await ensureDatabaseExists(targets.databaseUrl);
  const present = Object.keys(await databaseTables(targets.databaseUrl));
  if (present.length > 0)
    throw new RestoreRefused(
      `The database is not empty (${present.length} tables, e.g. ${present[0]}): restore only into an empty database.`,
    );
  for await (const key of targets.storage.list())
    throw new RestoreRefused(`The media store is not empty (it holds ${key}): restore only into an empty store.`);

  await restoreDatabase(targets.databaseUrl, await readStoredFile(path.join(dir, manifest.database.file.path), key));
  const restored = await databaseTables(targets.databaseUrl);
  const differing = Object.entries(manifest.database.tables).filter(([table, rows]) => restored[table] !== rows);
  if (differing.length > 0)
    throw new Error(
      `The restored database differs from the manifest: ${differing
        .map(([table, rows]) => `${table} has ${restored[table] ?? 'no table'} rows, the backup ${rows}`)
        .join('; ')}.`,
    );

  const limit = pLimit(MEDIA_CONCURRENCY);
  await Promise.all(
    manifest.media.files.map((file) =>
      limit(async () => {
        const bytes = await buffer(await readStoredFile(path.join(dir, file.path), key));
        await targets.storage.write(checkedMediaPath(file.key), bytes);
      }),
    ),
  );
  return manifest;
}

/** The key to decrypt with: none for a backup in the clear, else the one it was made with. */
function keyFor(manifest: Manifest, key: Buffer | null): Buffer | null {
  if (!manifest.encryption) return null;
  if (!key) throw new RestoreRefused('The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.');
  if (keyId(key) !== manifest.encryption.keyId)
    throw new RestoreRefused('BACKUP_ENCRYPTION_KEY is not the key this backup was encrypted with.');
  return key;
}

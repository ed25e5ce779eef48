import { execFile } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import type { Config } from '@turnproof/config';
import { configuredMediaStorage } from '../configured-storage.ts';
import type { MediaStorage } from '../media-storage.ts';
import { backupKey, keyId, writeStoredFile, type StoredFile } from './backup-files.ts';
import { dumpDatabase } from './database-dump.ts';
import { DATABASE_FILE, MEDIA_FOLDER, writeManifest, type Manifest } from './manifest.ts';

export interface BackupSources {
  databaseUrl: string;
  storage: MediaStorage;
  store: 'local' | 's3';
  /** Encrypts every file (BACKUP_ENCRYPTION_KEY); null stores them in the clear. */
  key: Buffer | null;
}

/** What the configuration names: its database, its media store, BACKUP_ENCRYPTION_KEY. */
export function configuredBackupSources(
  config: Pick<Config, 'DATABASE_URL' | 's3' | 'mediaDir' | 'BACKUP_ENCRYPTION_KEY'>,
): BackupSources {
  return {
    databaseUrl: config.DATABASE_URL,
    storage: configuredMediaStorage(config),
    store: config.s3 ? 's3' : 'local',
    key: backupKey(config.BACKUP_ENCRYPTION_KEY),
  };
}

/** Files copied from the media store at a time. */
const MEDIA_CONCURRENCY = 8;

/**
 * Writes a backup into `dir` (which must be empty or new): the database dump, then every media file
 * (after the dump, so every file a dumped row names is there unless it was deleted meanwhile), then the
 * manifest with the checksums and row counts.
 */
export async function writeBackup(sources: BackupSources, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: a backup goes into a new folder.`);
  const createdAt = new Date().toISOString();
  let databaseFile: StoredFile | undefined;
  const database = await dumpDatabase(sources.databaseUrl, async (dump) => {
    databaseFile = {
      path: DATABASE_FILE,
      ...(await writeStoredFile(dump, path.join(dir, DATABASE_FILE), sources.key)),
    };
  });
  const media = await copyMedia(sources, dir);
  return writeManifest(dir, {
    createdAt,
    app: { commit: await gitCommit(), node: process.version },
    database: { ...database, file: databaseFile! },
    media: {
      store: sources.store,
      objects: media.length,
      bytes: media.reduce((sum, file) => sum + file.bytes, 0),
      files: media,
    },
    encryption: sources.key ? { algorithm: 'aes-256-gcm', keyId: keyId(sources.key) } : null,
  });
}

async function copyMedia({ storage, key }: BackupSources, dir: string): Promise<(StoredFile & { key: string })[]> {
  const limit = pLimit(MEDIA_CONCURRENCY);
  const copies: Promise<StoredFile & { key: string }>[] = [];
  for await (const mediaKey of storage.list()) {
    const stored = `${MEDIA_FOLDER}/${mediaKey}`;
    copies.push(
      limit(async () => ({
        key: mediaKey,
        path: stored,
        ...(await writeStoredFile(storage.stream(mediaKey), path.join(dir, ...stored.split('/')), key)),
      })),
    );
  }
  return (await Promise.all(copies)).sort((a, b) => a.key.localeCompare(b.key));
}

/** The commit the code runs from (APP_COMMIT in an image without git), for the manifest. */
async function gitCommit(): Promise<string | null> {
  if (process.env.APP_COMMIT) return process.env.APP_COMMIT;
  try {
    const { stdout } = await promisify(execFile)('git', ['rev-parse', 'HEAD'], { cwd: import.meta.dirname });
    return stdout.trim();
  } catch {
    return null;
  }
}

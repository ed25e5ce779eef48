import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileSha256, type StoredFile } from './backup-files.ts';
import type { DatabaseFacts } from './database-dump.ts';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.dump';
export const MEDIA_FOLDER = 'media';
const FORMAT = 'turnproof-backup/1';

/** What a backup holds and how to check it; written last, so a folder without one is no backup. */
export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  app: { commit: string | null; node: string };
  database: DatabaseFacts & { file: StoredFile };
  media: { store: 'local' | 's3'; objects: number; bytes: number; files: (StoredFile & { key: string })[] };
  /** Null when the files are stored in the clear. */
  encryption: { algorithm: 'aes-256-gcm'; keyId: string } | null;
}

export async function writeManifest(dir: string, manifest: Omit<Manifest, 'format'>): Promise<Manifest> {
  const full: Manifest = { format: FORMAT, ...manifest };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new Error(`${dir} holds no ${MANIFEST_FILE}: it is not a finished Turnproof backup.`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`Unknown backup format "${manifest.format}" (expected ${FORMAT}).`);
  return manifest;
}

/** Every file the manifest lists is there with its recorded size and SHA-256; answers the problems. */
export async function checkFiles(dir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  for (const file of [manifest.database.file, ...manifest.media.files]) {
    const at = path.join(dir, file.path);
    const size = await stat(at).then(
      (found) => found.size,
      () => null,
    );
    if (size === null) problems.push(`${file.path} is missing.`);
    else if (size !== file.bytes || (await fileSha256(at)) !== file.sha256)
      problems.push(`${file.path} does not match its checksum in the manifest.`);
  }
  return problems;
}

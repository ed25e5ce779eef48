// `npm run backup -- <dir>`: the database (pg_dump) and every media file into a new folder, with a
// manifest of checksums and row counts; encrypted when BACKUP_ENCRYPTION_KEY is set. docs/operations.md.
import path from 'node:path';
import { loadConfig } from '@turnproof/config';
import { configuredBackupSources, writeBackup } from '@turnproof/platform/backup';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: npm run backup -- <folder>   (a new or empty folder)');
  process.exit(2);
}
const started = Date.now();
const manifest = await writeBackup(configuredBackupSources(loadConfig()), path.resolve(dir));
const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
console.log(
  `Backup written to ${path.resolve(dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${rows} rows in ${Object.keys(manifest.database.tables).length} tables (migration ${manifest.database.migrationHead}), ` +
    `${manifest.media.objects} media files (${manifest.media.bytes} bytes), ` +
    (manifest.encryption ? 'encrypted (AES-256-GCM).' : 'not encrypted (BACKUP_ENCRYPTION_KEY unset).'),
);

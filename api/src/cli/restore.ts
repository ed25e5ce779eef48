// `npm run restore -- <dir>`: a backup into an empty database and media store, checked against its
// manifest, then every open run, trial, subscription and calendar gets its workflow back on the
// configured Temporal (which may be a fresh one). `npm run restore -- --workflows-only`: that last step
// alone, over the database as it is (a restore stopped in it resumes; a workflow that exists is left
// alone). docs/operations.md.
import path from 'node:path';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { configuredBackupSources, restoreBackup, RestoreRefused } from '@turnproof/platform/backup';
import { bootstrapTemporalWithRetry, connectTemporal } from '@turnproof/temporal';
import { reconcileWorkflows } from '../backup/reconcile-workflows.ts';

const WORKFLOWS_ONLY = '--workflows-only';
const [dir] = process.argv.slice(2);
if (!dir) {
  console.error(`Usage: npm run restore -- <backup folder>, or npm run restore -- ${WORKFLOWS_ONLY}`);
  process.exit(2);
}
const config = loadConfig();
const { databaseUrl, storage, key } = configuredBackupSources(config);
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
if (dir !== WORKFLOWS_ONLY) {
  try {
    await storage.prepare?.();
    const manifest = await restoreBackup({ databaseUrl, storage, key }, path.resolve(dir));
    const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} (${seconds()}): ${rows} rows, ${manifest.media.objects} media files, every checksum and row count as recorded.`,
    );
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const temporal = await connectTemporal(config);
const orm = await createOrm(databaseUrl);
try {
  await bootstrapTemporalWithRetry(temporal, config, { log: (line) => console.log(line) });
  const report = await reconcileWorkflows({ em: orm.em.fork(), temporal: temporal.client, config }, (runs) =>
    console.log(`Open runs with their workflows so far: ${runs} (${seconds()})`),
  );
  for (const [kind, { present, started: restarted }] of Object.entries(report))
    console.log(`${kind}: ${restarted} workflows started again, ${present} already there`);
  console.log(`Restore complete in ${seconds()}.`);
} finally {
  await orm.close();
  await temporal.connection.close();
}

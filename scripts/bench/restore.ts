// `npm run bench -- restore`: the recovery time of the scale bench's account (scale-seed.ts: 50,000 runs,
// 15,000 of them open, 200,000 media files): `npm run backup`'s work, then `npm run restore`'s into a new
// database and media folder on a fresh Temporal server, each timed (docs/operations.md quotes them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOrm, dropDatabase } from '@turnproof/db';
import { configuredBackupSources, restoreBackup, writeBackup } from '@turnproof/platform/backup';
import { createMediaStorage } from '@turnproof/platform/media-storage';
import { bootstrapTemporal, connectTemporal } from '@turnproof/temporal';
import { reconcileWorkflows } from '../../api/src/backup/reconcile-workflows.ts';
import { startThrowawayTemporal, suffixedDatabaseUrl } from '../lib/throwaway-stack.ts';
import { startBenchApi } from './bench-api.ts';
import { Cleanup } from './cleanup.ts';
import { largeAccountOwner } from './owner.ts';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export async function restoreFigures(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-restore' });
    cleanup.add(() => api.close());
    await largeAccountOwner(api, 'restore');
    const work = await mkdtemp(path.join(tmpdir(), 'turnproof-bench-restore-'));
    cleanup.add(() => rm(work, { recursive: true, force: true }));

    let started = performance.now();
    const manifest = await writeBackup(configuredBackupSources(api.config), path.join(work, 'backup'));
    const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
    const dumpMb = (manifest.database.file.bytes / 1e6).toFixed(0);
    console.log(`backup: ${seconds(started)} (${rows} rows, dump ${dumpMb} MB; ${manifest.media.objects} media files)`);

    const databaseUrl = suffixedDatabaseUrl(api.config.DATABASE_URL, '_restored');
    await dropDatabase(databaseUrl);
    cleanup.add(() => dropDatabase(databaseUrl));
    const storage = createMediaStorage(path.join(work, 'media'));
    const temporal = await startThrowawayTemporal('bench-restore');
    cleanup.add(() => temporal.stop());

    started = performance.now();
    await restoreBackup({ databaseUrl, storage, key: null }, path.join(work, 'backup'));
    console.log(`restore of the database and media: ${seconds(started)}`);
    const reconciling = performance.now();
    const client = await connectTemporal({
      ...api.config,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'bench-restore',
    });
    const orm = await createOrm(databaseUrl);
    try {
      const config = { ...api.config, TEMPORAL_NAMESPACE: 'bench-restore' };
      await bootstrapTemporal(client, config);
      const report = await reconcileWorkflows({ em: orm.em.fork(), temporal: client.client, config }, (runs) => {
        if (runs % 5_000 === 0) console.log(`  open runs with their workflows: ${runs} (${seconds(reconciling)})`);
      });
      console.log(`workflows back: ${seconds(reconciling)} (${JSON.stringify(report)})`);
    } finally {
      await orm.close();
      await client.connection.close();
    }
    console.log(`recovery time (restore + workflows): ${seconds(started)}`);
  } finally {
    await cleanup.run();
  }
}

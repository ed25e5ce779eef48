// Issue 29, part 1: the daily backup of the Temporal schedule, with its retention (7 daily, 4 weekly),
// and the worker's backup-age gauge that the BackupTooOld alert reads.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scheduleDefinitions, SCHEDULE_IDS } from '@turnproof/temporal';
import { backupsToPrune, readManifest } from '@turnproof/platform/backup';
import { scheduledBackup } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../api/test/support/worker-process.ts';
import { freePort } from '../lib/throwaway-stack.ts';

let api: TestApi;
let worker: WorkerProcess;
let backupDir: string;
let metricsPort: number;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'turnproof-backups-'));
  metricsPort = await freePort();
  api = await startTestApi();
  worker = await startWorkerProcess(api, { BACKUP_DIR: backupDir, WORKER_METRICS_PORT: String(metricsPort) });
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await rm(backupDir, { recursive: true, force: true });
});

/** Folder names of backups made at 01:00 UTC on each of the `days` days before `until`. */
const dailyFolders = (days: number, until = new Date(Date.UTC(2026, 10, 28))) =>
  Array.from({ length: days }, (_, n) => {
    const day = new Date(until);
    day.setUTCDate(day.getUTCDate() - 1 - n);
    day.setUTCHours(1, 0, 0, 0);
    return `${day.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
  });

describe('the scheduled backup', () => {
  it('is scheduled daily at 01:00 only when BACKUP_DIR is set', () => {
    const ids = (dir?: string) =>
      scheduleDefinitions({ TEMPORAL_TASK_QUEUE: 'q', BACKUP_DIR: dir }).map((definition) => definition.scheduleId);
    expect(ids()).not.toContain(SCHEDULE_IDS.backup);
    const backup = scheduleDefinitions({ TEMPORAL_TASK_QUEUE: 'q', BACKUP_DIR: '/backups' }).find(
      (definition) => definition.scheduleId === SCHEDULE_IDS.backup,
    );
    expect(backup?.spec).toEqual({ calendars: [{ hour: 1, minute: 0 }] });
  });

  it('keeps the newest of each of the last 7 days and of each of the last 4 weeks', () => {
    const folders = dailyFolders(60);
    const kept = folders.filter((name) => !backupsToPrune([...folders, 'notes.txt']).includes(name));
    // 27 Nov back to 21 Nov (daily), then the newest of the three ISO weeks before (Sundays 15, 8 and 1 Nov;
    // the week of 16-22 Nov already has 22 Nov).
    expect(kept.map((name) => name.slice(0, 10))).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-15',
      '2026-11-08',
    ]);
    expect(backupsToPrune(['2026-11-28T01-00-00Z', '2026-11-28T13-00-00Z'])).toEqual(['2026-11-28T01-00-00Z']);
  });

  it('writes a checked backup into BACKUP_DIR, prunes the old ones and tells Prometheus when', async () => {
    const earlier = dailyFolders(20, new Date());
    for (const name of earlier) await mkdir(path.join(backupDir, name));
    await mkdir(path.join(backupDir, '2026-11-20T01-00-00Z.partial'));
    const result = await api.temporal.workflow.execute(scheduledBackup, {
      workflowId: `backup-test-${Date.now()}`,
      taskQueue: api.config.TEMPORAL_TASK_QUEUE,
      args: [],
    });
    const manifest = await readManifest(result.folder);
    expect(manifest.database.tables.mikro_orm_migrations).toBeGreaterThan(0);
    expect(manifest.database.migrationHead).toMatch(/^Migration\d+_/);
    expect(manifest.database.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Today's new one, 6 of the days before, and the newest of each earlier week up to four weeks.
    const all = [...earlier, path.basename(result.folder)];
    const left = (await readdir(backupDir)).sort();
    expect(left).toEqual(all.filter((name) => !backupsToPrune(all).includes(name)).sort());
    expect(left.length).toBeGreaterThanOrEqual(9);
    expect(result.pruned).toHaveLength(all.length - left.length);
    expect(left.at(-1)).toBe(path.basename(result.folder));
    expect(left.some((name) => name.endsWith('.partial'))).toBe(false);

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const gauge = /^turnproof_backup_last_success_timestamp_seconds(?:\{[^}]*\})? (\S+)$/m.exec(metrics);
    expect(Number(gauge?.[1])).toBe(Date.parse(manifest.createdAt) / 1000);
  });
});

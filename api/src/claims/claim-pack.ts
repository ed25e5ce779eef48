import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { buildClaimHtml, type ClaimData, createPdfRenderer } from '@turnproof/activities';
import type { MediaStorage } from '@turnproof/activities/media-storage';
import { verificationUrl } from '@turnproof/config';
import {
  Alert,
  type BaselinePhoto,
  baselinePhotosByTask,
  baselineRunOf,
  Media,
  readCaptureLog,
  readChainHead,
  readMediaReceipts,
  Report,
  type Run,
} from '@turnproof/db';
import { type ZipEntry, zipStream } from '../zip/zip-stream.ts';

const BASELINE_LABELS: Record<string, string> = { move_out: 'Move-In', turnover: 'Previous turnover' };

/** The calendar reservation a run came from, when the run has that column and it is set. */
async function reservationOf(em: EntityManager, runId: string): Promise<string | null> {
  const [row] = await em
    .getConnection()
    .execute<{ reservation: string | null }[]>(
      `select to_jsonb(r)->>'reservation_uid' as reservation from runs r where r.id = ?`,
      [runId],
    );
  return row?.reservation ?? null;
}

async function claimData(em: EntityManager, storage: MediaStorage, run: Run, origin: string): Promise<ClaimData> {
  const alerts = await em.find(Alert, { run: run.id, kind: 'issue' }, { orderBy: { created_at: 'asc' } });
  const media = await em.find(
    Media,
    { run: run.id, status: 'confirmed', type: 'photo' },
    { orderBy: { created_at: 'asc' } },
  );
  const receipts = await readMediaReceipts(em, run.id);
  const baselineId = await baselineRunOf(em, run.id);
  const before = baselineId ? await baselinePhotosByTask(em, run.id, baselineId) : new Map<string, BaselinePhoto[]>();
  const [report] = await em.find(Report, { run: run.id, status: 'ready' }, { orderBy: { version: 'desc' }, limit: 1 });
  const head = await readChainHead(em, run.id);
  const withIssues = run.tasks.getItems().filter((task) => alerts.some((alert) => alert.run_task?.id === task.id));
  return {
    runId: run.id,
    propertyName: run.property.name,
    propertyAddress: run.property.address,
    runType: run.type,
    reservationId: await reservationOf(em, run.id),
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
    baselineLabel: baselineId ? (BASELINE_LABELS[run.type] ?? null) : null,
    timeZone: 'UTC',
    tasks: withIssues.map((task) => ({
      title: task.title,
      issues: alerts
        .filter((alert) => alert.run_task?.id === task.id)
        .map((alert) => ({
          severity: alert.severity,
          kind: alert.kind,
          description: alert.description,
          taskTitle: task.title,
          createdAt: alert.created_at.toISOString(),
        })),
      before: (before.get(task.id) ?? []).map((photo) => ({
        read: () => storage.read(photo.path),
        capturedAt: photo.capturedAt,
        receivedAt: photo.receivedAt,
      })),
      after: media
        .filter((item) => item.run_task.id === task.id)
        .map((item) => ({
          read: () => storage.read(item.path),
          capturedAt: item.captured_at?.toISOString() ?? null,
          receivedAt: receipts.get(item.id) ?? null,
        })),
    })),
    proof: {
      entryCount: head.seq,
      chainHead: head.hash,
      verificationUrl: verificationUrl(origin, run.id, report?.version),
    },
  };
}

/**
 * The damage-claim pack of a completed run as a streamed ZIP: claim.pdf (issues with before/after
 * photo pairs, times, the chain head and the verification link), every original photo of the run
 * under photos/, and the capture log as capture-log.json, which anyone can recompute.
 */
export async function claimPack(em: EntityManager, storage: MediaStorage, run: Run, origin: string): Promise<Readable> {
  const data = await claimData(em, storage, run, origin);
  const renderer = createPdfRenderer();
  let pdf: Buffer;
  try {
    pdf = await renderer.render(await buildClaimHtml(data));
  } finally {
    await renderer.close();
  }
  const entries = await readCaptureLog(em, run.id);
  const media = await em.find(Media, { run: run.id, status: 'confirmed' }, { orderBy: { created_at: 'asc' } });
  const log = { run_id: run.id, entry_count: entries.length, chain_head: entries.at(-1)?.hash ?? null, entries };
  const photos: ZipEntry[] = [];
  for (const item of media) {
    if (await storage.exists(item.path))
      photos.push({ name: `photos/${item.path}`, data: () => storage.stream(item.path), compress: false });
  }
  return zipStream([
    { name: 'claim.pdf', data: pdf },
    ...photos,
    { name: 'capture-log.json', data: JSON.stringify(log, null, 2) },
  ]);
}

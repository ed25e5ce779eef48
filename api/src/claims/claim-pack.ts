import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { buildClaimHtml, type ClaimData, type ClaimPhoto, createPdfRenderer } from '@turnproof/activities';
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

async function claimData(
  em: EntityManager,
  storage: MediaStorage,
  run: Run,
  media: Media[],
  origin: string,
): Promise<ClaimData> {
  const alerts = await em.find(Alert, { run: run.id, kind: 'issue' }, { orderBy: { created_at: 'asc' } });
  const receipts = await readMediaReceipts(em, run.id);
  const baselineId = await baselineRunOf(em, run.id);
  const before = baselineId ? await baselinePhotosByTask(em, run.id, baselineId) : new Map<string, BaselinePhoto[]>();
  const [report] = await em.find(Report, { run: run.id, status: 'ready' }, { orderBy: { version: 'desc' }, limit: 1 });
  const head = await readChainHead(em, run.id);
  const titles = new Map(run.tasks.getItems().map((task) => [task.id, task.title]));
  const photos = media.filter((item) => item.type === 'photo');
  const toClaimPhoto = (item: Media): ClaimPhoto => ({
    read: () => storage.read(item.path),
    capturedAt: item.captured_at?.toISOString() ?? null,
    receivedAt: receipts.get(item.id) ?? null,
  });
  return {
    runId: run.id,
    propertyName: run.property.name,
    propertyAddress: run.property.address,
    runType: run.type,
    reservationId: await reservationOf(em, run.id),
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
    baselineLabel: baselineId ? (BASELINE_LABELS[run.type] ?? null) : null,
    timeZone: run.property.timezone,
    issues: alerts.map((alert) => {
      const taskId = alert.run_task?.id ?? null;
      // The issue's own photos show the damage; without any, the task's photos of this run stand in.
      const own = photos.filter((item) => item.alert?.id === alert.id);
      const task = taskId ? photos.filter((item) => item.run_task?.id === taskId) : [];
      return {
        issue: {
          severity: alert.severity,
          kind: alert.kind,
          description: alert.description,
          taskTitle: taskId ? (titles.get(taskId) ?? null) : null,
          createdAt: alert.created_at.toISOString(),
        },
        before: (taskId ? (before.get(taskId) ?? []) : []).map((photo) => ({
          read: () => storage.read(photo.path),
          capturedAt: photo.capturedAt,
          receivedAt: photo.receivedAt,
        })),
        after: (own.length > 0 ? own : task).map(toClaimPhoto),
      };
    }),
    proof: {
      entryCount: head.seq,
      chainHead: head.hash,
      verificationUrl: verificationUrl(origin, run.id, report?.version),
    },
  };
}

/** The original files of confirmed media under `folder/`, named by their storage path (as the capture log names them). */
async function originals(storage: MediaStorage, folder: string, media: Media[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (const item of media) {
    if (await storage.exists(item.path))
      entries.push({ name: `${folder}/${item.path}`, data: () => storage.stream(item.path), compress: false });
  }
  return entries;
}

/**
 * The damage-claim pack of a completed run as a streamed ZIP: claim.pdf (each issue with its before/after
 * photos, times, the chain head and the verification link), the original photos and videos of the tasks
 * under photos/ and of the issues under issues/, and the capture log as capture-log.json, which anyone
 * can recompute.
 */
export async function claimPack(em: EntityManager, storage: MediaStorage, run: Run, origin: string): Promise<Readable> {
  const media = await em.find(Media, { run: run.id, status: 'confirmed' }, { orderBy: { created_at: 'asc' } });
  const data = await claimData(em, storage, run, media, origin);
  const renderer = createPdfRenderer();
  let pdf: Buffer;
  try {
    pdf = await renderer.render(await buildClaimHtml(data));
  } finally {
    await renderer.close();
  }
  const entries = await readCaptureLog(em, run.id);
  const log = { run_id: run.id, entry_count: entries.length, chain_head: entries.at(-1)?.hash ?? null, entries };
  return zipStream([
    { name: 'claim.pdf', data: pdf },
    ...(await originals(
      storage,
      'photos',
      media.filter((item) => item.run_task),
    )),
    ...(await originals(
      storage,
      'issues',
      media.filter((item) => item.alert),
    )),
    { name: 'capture-log.json', data: JSON.stringify(log, null, 2) },
  ]);
}

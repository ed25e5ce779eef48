import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  Alert,
  type BaselinePhoto,
  baselinePhotosByTask,
  baselineRunOf,
  Media,
  readHeadAnchor,
  readChainProof,
  readMediaReceipts,
  Run,
} from '@turnproof/db';
import { hostLanguage } from '@turnproof/platform/mail';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { ensureChangeMaps, reportChangeMaps } from './change-maps.ts';
import { missingRow } from './missing-row.ts';
import {
  buildClaimHtml,
  claimPdfPath,
  type ClaimData,
  type ClaimPackKey,
  type ClaimPhoto,
  type PdfRenderer,
  photoFlagsOf,
  REPORT_TEXTS,
} from '@turnproof/platform/report';
import { readClaimClock } from '@turnproof/platform/claim-clock';
import { withHeartbeat } from './report-activities.ts';

export interface ClaimActivityDeps {
  orm: MikroORM;
  storage: MediaStorage;
  pdf: PdfRenderer;
  /** The public verification link printed on the claim; without a report version, the run's newest. */
  verificationUrl: (runId: string, version?: number) => string;
}

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

async function claimData(deps: ClaimActivityDeps, key: ClaimPackKey): Promise<ClaimData> {
  const { storage } = deps;
  const em = deps.orm.em.fork();
  const run = await em.findOne(Run, { id: key.runId }, { populate: ['property', 'tasks'] });
  if (!run) throw missingRow('run', key.runId);
  await ensureChangeMaps(deps.orm, storage, run.id);
  const changeMaps = await reportChangeMaps(em, storage, run.id);
  const media = await em.find(Media, { run: run.id, status: 'confirmed' }, { orderBy: { created_at: 'asc' } });
  const alerts = await em.find(Alert, { run: run.id, kind: 'issue' }, { orderBy: { created_at: 'asc' } });
  const receipts = await readMediaReceipts(em, run.id);
  const baselineId = await baselineRunOf(em, run.id);
  const before = baselineId ? await baselinePhotosByTask(em, run.id, baselineId) : new Map<string, BaselinePhoto[]>();
  const head = await readChainProof(em, run.id);
  const clock = await readClaimClock(em, run.id);
  // The claim speaks the asking host's language (the key's); a key from before languages, the owner's.
  const language = key.language ?? (await hostLanguage(em, run.property.owner.id));
  const texts = REPORT_TEXTS[language];
  const titles = new Map(run.tasks.getItems().map((task) => [task.id, task.title]));
  const photos = media.filter((item) => item.type === 'photo');
  const toClaimPhoto = (item: Media): ClaimPhoto => ({
    read: () => storage.read(item.path),
    capturedAt: item.captured_at?.toISOString() ?? null,
    receivedAt: receipts.get(item.id) ?? null,
    flags: photoFlagsOf(item),
  });
  return {
    deadline: clock && {
      deadlineAt: clock.deadlineAt.toISOString(),
      rule: texts.claimRules[clock.rule.platform],
      checkoutAt: clock.checkoutAt.toISOString(),
      nextCheckInAt: clock.nextCheckInAt?.toISOString() ?? null,
    },
    language,
    runId: run.id,
    propertyName: run.property.name,
    propertyAddress: run.property.address,
    runType: run.type,
    reservationId: await reservationOf(em, run.id),
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
    baselineLabel: baselineId ? (texts.baselines[run.type] ?? null) : null,
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
    changes: run.tasks
      .getItems()
      .filter((task) => changeMaps.has(task.id))
      .map((task) => ({ taskTitle: task.title, maps: changeMaps.get(task.id) ?? [] })),
    proof: {
      entryCount: head.seq,
      chainHead: head.hash,
      anchor: await readHeadAnchor(em, run.id, head),
      signedCount: head.signed,
      verificationUrl: deps.verificationUrl(run.id, key.reportVersion || undefined),
    },
  };
}

/** The damage-claim PDF, printed on the worker by the shared renderer (and its limit) and kept in the media storage. */
export function createClaimActivities(deps: ClaimActivityDeps) {
  return {
    /** Idempotent on the key: a PDF already stored for it is kept. */
    async renderClaimPdf(key: ClaimPackKey): Promise<void> {
      const path = claimPdfPath(key);
      if (await deps.storage.exists(path)) return;
      const pdf = await withHeartbeat(async () => {
        const data = await claimData(deps, key);
        return deps.pdf.render(await buildClaimHtml(data), data.language);
      });
      await deps.storage.write(path, pdf);
    },
  };
}

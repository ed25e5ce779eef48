import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Alert,
  type BaselinePhoto,
  baselinePhotosByTask,
  baselineRunOf,
  Media,
  readHeadAnchor,
  readChainProof,
  readMediaReceipts,
  readRunHours,
  Report,
  Run,
  runSupplies,
} from '@turnproof/db';
import { hostLanguage } from '@turnproof/platform/mail';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';
import type { Mailer } from '@turnproof/platform/mailer';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import {
  photoFlagsOf,
  summariseReport,
  writeReportHtml,
  type PdfRenderer,
  type ReportData,
  type ReportPhoto,
  reportFilePath,
  reportHtmlPath,
  type ReportKey,
  reportPhotoCopyPath,
  REPORT_TEXTS,
} from '@turnproof/platform/report';
import type { ActivityMetrics } from './activity-metrics.ts';
import { ensureChangeMaps, reportChangeMaps } from './change-maps.ts';
import { missingRow } from './missing-row.ts';
import { issueUrl, reportMail } from './run-mails.tsx';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { inSpan } from '@turnproof/platform/tracing';

/** What the host reads while the report's mail waits for the mail server. */
export const MAIL_SERVER_AWAY = 'The mail server cannot be reached right now; Turnproof keeps trying.';

/** Reports above this size go out as a download link instead of an attachment. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface ReportActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  storage: MediaStorage;
  pdf: PdfRenderer;
  reportDownloadUrl: (runId: string, version: number) => string;
  /** The PDF through /api/v1 (an API key), as the report.ready webhook event names it. */
  reportApiUrl: (runId: string, version: number) => string;
  runUrl: (runId: string) => string;
  verificationUrl: (runId: string, version: number) => string;
  metrics: ActivityMetrics;
}

export type { ReportKey };

function slug(text: string) {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'property'
  );
}

/** Keeps Temporal informed while a long render runs, so a dead worker is noticed within the heartbeat timeout. */
export async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), 2000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

async function loadReportData(deps: ReportActivityDeps, { runId, version }: ReportKey): Promise<ReportData> {
  const em = deps.orm.em.fork();
  await inSpan('report.change-maps', {}, () => ensureChangeMaps(deps.orm, deps.storage, runId));
  const changeMaps = await reportChangeMaps(em, deps.storage, runId);
  // Independent reads, asked at once (each in its own entity manager: one is not for concurrent use): each
  // is a round trip the host's mail would otherwise wait for in turn.
  const [run, media, alerts, receipts, chain, baselineId] = await Promise.all([
    em.findOne(Run, { id: runId }, { populate: ['property', 'tasks'] }),
    // A photo the host rejected in a review is no proof of its task: the cleaner's replacement is.
    deps.orm.em
      .fork()
      .find(Media, { run: runId, status: 'confirmed', rejected_at: null }, { orderBy: { created_at: 'asc' } }),
    deps.orm.em.fork().find(Alert, { run: runId }, { populate: ['run_task'], orderBy: { created_at: 'asc' } }),
    readMediaReceipts(deps.orm.em.fork(), runId),
    readChainProof(deps.orm.em.fork(), runId),
    baselineRunOf(deps.orm.em.fork(), runId),
  ]);
  if (!run) throw missingRow('run', runId);
  // The report speaks the host's language, as their mails do (read here: a workflow argument would change histories).
  const [baseline, language] = await Promise.all([
    baselineId ? baselinePhotosByTask(em, runId, baselineId) : new Map<string, BaselinePhoto[]>(),
    hostLanguage(deps.orm.em.fork(), run.property.owner.id),
  ]);
  const texts = REPORT_TEXTS[language];
  // A copy that cannot be read (none made yet: the photo's checks are still under way) is made from the original.
  const readReportCopy = (path: string) => () => deps.storage.read(reportPhotoCopyPath(path)).catch(() => null);
  const toPhoto = (item: Media): ReportPhoto => ({
    read: () => deps.storage.read(item.path),
    readReportCopy: readReportCopy(item.path),
    capturedAt: item.captured_at?.toISOString() ?? null,
    receivedAt: receipts.get(item.id) ?? null,
    address: item.address ?? null,
    latitude: item.latitude == null ? null : Number(item.latitude),
    longitude: item.longitude == null ? null : Number(item.longitude),
    flags: photoFlagsOf(item),
  });
  // A task's photos are its proof; an issue's photos (media.alert) are the issue's evidence.
  const photosOf = (owner: (item: Media) => string | undefined, id: string) =>
    media.filter((item) => item.type === 'photo' && owner(item) === id).map(toPhoto);
  return {
    language,
    runId,
    version,
    propertyName: run.property.name,
    propertyAddress: run.property.address,
    runType: run.type,
    checklistName: run.checklist_name,
    meta: run.meta,
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
    hours: await readRunHours(em, runId),
    generatedAt: new Date().toISOString(),
    timeZone: run.property.timezone,
    tasks: run.tasks.getItems().map((task) => ({
      title: task.title,
      description: task.description ?? null,
      checked: task.checked,
      checkedAt: task.checked_at?.toISOString() ?? null,
      comment: task.comment ?? null,
      durationSeconds: task.duration_seconds ?? null,
      requiredMedia: task.required_media,
      photos: photosOf((item) => item.run_task?.id, task.id),
      baselinePhotos: (baseline.get(task.id) ?? []).map((photo) => ({
        read: () => deps.storage.read(photo.path),
        readReportCopy: readReportCopy(photo.path),
        capturedAt: photo.capturedAt,
        receivedAt: photo.receivedAt,
        address: null,
        latitude: null,
        longitude: null,
      })),
      changeMaps: changeMaps.get(task.id) ?? [],
      videoCount: media.filter((m) => m.type === 'video' && m.run_task?.id === task.id).length,
    })),
    issues: alerts.map((alert) => ({
      severity: alert.severity,
      kind: alert.kind,
      description: alert.description,
      taskTitle: alert.run_task?.title ?? null,
      createdAt: alert.created_at.toISOString(),
      photos: photosOf((item) => item.alert?.id, alert.id),
    })),
    supplies: (await runSupplies(em, runId)).map((supply) => ({
      name: supply.name,
      unit: supply.unit,
      parLevel: supply.par_level,
      count: supply.count,
      level: supply.level,
    })),
    baselineLabel: baselineId ? (texts.baselines[run.type] ?? null) : null,
    review:
      run.review_decision && run.reviewed_at
        ? {
            decision: run.review_decision,
            score: run.review_score ?? null,
            note: run.review_note ?? null,
            reviewedAt: run.reviewed_at.toISOString(),
          }
        : null,
    proof: {
      entryCount: chain.seq,
      chainHead: chain.hash,
      anchor: await readHeadAnchor(deps.orm.em.fork(), runId, chain),
      signedCount: chain.signed,
      verificationUrl: deps.verificationUrl(runId, version),
    },
  };
}

/** The report pipeline's steps; each is idempotent on (run id, report version). */
export function createReportActivities(deps: ReportActivityDeps) {
  const { orm, mailer, storage, pdf } = deps;
  const findReport = (key: ReportKey) => orm.em.fork().findOne(Report, { run: key.runId, version: key.version });

  /** The PDF of a report version, stored, and the report marked ready with its webhook event. */
  async function renderReport(key: ReportKey) {
    const existing = await findReport(key);
    if (existing?.status === 'ready' && existing.file_path && (await storage.exists(existing.file_path))) return;
    // Each step in a span of its own: where a report's time goes (the bench's phases read them too).
    const data = await inSpan('report.data', {}, () => loadReportData(deps, key));
    // The document goes through a file, never a string: with a run's photos inlined it runs to hundreds
    // of megabytes, and this process would otherwise hold it several times over (see docs/architecture.md, Report memory).
    const folder = await mkdtemp(join(tmpdir(), 'turnproof-report-'));
    let file: Buffer;
    try {
      const htmlFile = join(folder, 'report.html');
      await inSpan('report.html', {}, () => writeReportHtml(data, htmlFile, folder));
      file = await inSpan('report.pdf', {}, () => pdf.renderFile(htmlFile, data.language));
      // After the print: storing moves the file away.
      await inSpan('report.store', {}, () => storage.write(reportHtmlPath(key), htmlFile));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const filePath = reportFilePath(key);
    await inSpan('report.store', {}, () => storage.write(filePath, file));
    const day = (data.endedAt ?? data.generatedAt).slice(0, 10);
    // The report and its webhook event together: a retry finds the report ready (above) and announces nothing.
    const updated = await orm.em.fork().transactional(async (tx) => {
      const count = await tx.nativeUpdate(
        Report,
        { run: key.runId, version: key.version },
        {
          status: 'ready',
          file_path: filePath,
          file_name: `turnproof-report-${slug(data.propertyName)}-${day}-v${key.version}.pdf`,
          html_content: null,
          summary: summariseReport(data.tasks),
          pdf_size: file.length,
          pdf_sha256: createHash('sha256').update(file).digest('hex'),
          chain_seq: data.proof?.entryCount ?? null,
          chain_head: data.proof?.chainHead ?? null,
          error: null,
          generated_at: new Date(),
        },
      );
      const report = { version: key.version, download_url: deps.reportApiUrl(key.runId, key.version) };
      if (count > 0) await recordRunWebhookEvent(tx, key.runId, 'report.ready', { report });
      return count;
    });
    if (updated === 0) throw missingRow('report', `v${key.version} of run ${key.runId}`);
    // The first version's wait is what a host feels; a later version is a regeneration they asked for.
    if (key.version === 1 && data.endedAt) deps.metrics.reportReady((Date.now() - Date.parse(data.endedAt)) / 1000);
    await recordRunEvent(
      orm.em.fork(),
      key.runId,
      'report_ready',
      { code: 'report_ready', params: { version: key.version }, detail: `Report v${key.version} ready.` },
      `v${key.version}`,
    );
  }

  return {
    /** `mailHost`: this version goes to the host by e-mail, so its mail shows as pending from the start. */
    async createReportVersion({ mailHost = false, ...key }: ReportKey & { mailHost?: boolean }) {
      const connection = orm.em.getConnection();
      const [run] = await connection.execute<{ id: string }[]>(`select id from runs where id = ?`, [key.runId]);
      if (!run) throw missingRow('run', key.runId);
      await connection.execute(
        `insert into reports (id, run_id, version, status, mail_status, created_at)
         values (gen_random_uuid(), ?, ?, 'generating', ?, now())
         on conflict (run_id, version) do nothing`,
        [key.runId, key.version, mailHost ? 'pending' : null],
      );
    },

    /** Heartbeats from the start: reading a large run's data takes seconds on a busy machine. */
    renderReport: (key: ReportKey) => withHeartbeat(() => renderReport(key)),

    async emailReport(key: ReportKey) {
      const em = orm.em.fork();
      const report = await em.findOne(
        Report,
        { run: key.runId, version: key.version },
        { populate: ['run.property.owner'] },
      );
      if (!report) throw missingRow('report', `v${key.version} of run ${key.runId}`);
      if (report.emailed_at || !report.file_path) return;
      const owner = report.run.property.owner;
      // An address under .invalid (RFC 2606) has no mailbox: the demo runs' owner. Not mailed, and no mail pending.
      if (owner.email.toLowerCase().endsWith('.invalid')) {
        await em.nativeUpdate(Report, { id: report.id }, { mail_status: null, mail_error: null });
        return;
      }
      const size = report.pdf_size ?? 0;
      const runUrl = deps.runUrl(key.runId);
      // The PDF is read while the mail's other parts are looked up.
      const [issues, pdfBytes, language] = await Promise.all([
        em.find(Alert, { run: key.runId, kind: 'issue' }, { orderBy: { created_at: 'asc', id: 'asc' } }),
        size <= MAX_ATTACHMENT_BYTES ? storage.read(report.file_path) : null,
        // Its own entity manager: one is not for concurrent use.
        hostLanguage(orm.em.fork(), owner.id),
      ]);
      const message = reportMail(
        owner.email,
        {
          propertyName: report.run.property.name,
          kind: report.run.type,
          runUrl,
          timeZone: report.run.property.timezone,
          endedAt: report.run.ended_at ?? null,
          completionRate: report.summary?.completion_rate ?? 0,
        },
        {
          fileName: report.file_name ?? 'turnproof-report.pdf',
          pdf: pdfBytes,
          downloadUrl: deps.reportDownloadUrl(key.runId, key.version),
        },
        issues.map((issue) => ({
          severity: issue.severity,
          description: issue.description,
          url: issueUrl(runUrl, issue.id),
        })),
        language,
      );
      try {
        await mailer.send(message);
      } catch (error) {
        // An outage keeps the mail pending, with a sentence for the host; the technical error goes to
        // Temporal (the activity's failure) and the worker's log.
        if (!(error instanceof ApplicationFailure)) {
          await em.nativeUpdate(Report, { id: report.id }, { mail_error: MAIL_SERVER_AWAY });
        }
        throw error;
      }
      await em.nativeUpdate(
        Report,
        { id: report.id },
        { emailed_at: new Date(), mail_status: 'sent', mail_error: null },
      );
    },

    /** The mail step gave up (a refused address, or days of outage): the report stays ready. */
    async markReportMailFailed({ error, ...key }: ReportKey & { error: string }) {
      await orm.em
        .fork()
        .nativeUpdate(
          Report,
          { run: key.runId, version: key.version, emailed_at: null },
          { mail_status: 'failed', mail_error: error.slice(0, 2000) },
        );
    },

    async markReportFailed({ error, ...key }: ReportKey & { error: string }) {
      await orm.em
        .fork()
        .nativeUpdate(
          Report,
          { run: key.runId, version: key.version },
          { status: 'failed', error: error.slice(0, 2000) },
        );
    },
  };
}

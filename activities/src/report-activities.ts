import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Alert, Media, Report, Run, User } from '@turnproof/db';
import type { Mailer } from './mailer.ts';
import type { MediaStorage } from './media-storage.ts';
import { buildReportHtml, summariseReport, type PdfRenderer, type ReportData } from './report/index.ts';
import { reportMail } from './run-mails.ts';

/** Reports above this size go out as a download link instead of an attachment. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface ReportActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  storage: MediaStorage;
  pdf: PdfRenderer;
  reportDownloadUrl: (runId: string, version: number) => string;
  runUrl: (runId: string) => string;
}

export interface ReportKey {
  runId: string;
  version: number;
}

export const reportFilePath = ({ runId, version }: ReportKey) => `reports/${runId}/v${version}.pdf`;

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
async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
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
  const run = await em.findOneOrFail(Run, { id: runId }, { populate: ['property', 'tasks'] });
  const media = await em.find(Media, { run: runId, status: 'confirmed' }, { orderBy: { created_at: 'asc' } });
  const alerts = await em.find(Alert, { run: runId }, { populate: ['run_task'], orderBy: { created_at: 'asc' } });
  const photos = new Map<string, ReportData['tasks'][number]['photos']>();
  for (const item of media.filter((m) => m.type === 'photo')) {
    const list = photos.get(item.run_task.id) ?? [];
    list.push({
      bytes: await deps.storage.read(item.path),
      capturedAt: item.captured_at?.toISOString() ?? null,
      address: item.address ?? null,
      latitude: item.latitude == null ? null : Number(item.latitude),
      longitude: item.longitude == null ? null : Number(item.longitude),
    });
    photos.set(item.run_task.id, list);
  }
  return {
    runId,
    version,
    propertyName: run.property.name,
    propertyAddress: run.property.address,
    runType: run.type,
    checklistName: run.checklist_name,
    meta: run.meta,
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
    generatedAt: new Date().toISOString(),
    timeZone: 'UTC',
    tasks: run.tasks.getItems().map((task) => ({
      title: task.title,
      description: task.description ?? null,
      checked: task.checked,
      checkedAt: task.checked_at?.toISOString() ?? null,
      comment: task.comment ?? null,
      durationSeconds: task.duration_seconds ?? null,
      requiredMedia: task.required_media,
      photos: photos.get(task.id) ?? [],
      videoCount: media.filter((m) => m.type === 'video' && m.run_task.id === task.id).length,
    })),
    issues: alerts.map((alert) => ({
      severity: alert.severity,
      kind: alert.kind,
      description: alert.description,
      taskTitle: alert.run_task?.title ?? null,
      createdAt: alert.created_at.toISOString(),
    })),
  };
}

/** The report pipeline's steps; each is idempotent on (run id, report version). */
export function createReportActivities(deps: ReportActivityDeps) {
  const { orm, mailer, storage, pdf } = deps;
  const findReport = (key: ReportKey) => orm.em.fork().findOne(Report, { run: key.runId, version: key.version });

  return {
    async createReportVersion(key: ReportKey) {
      await orm.em.getConnection().execute(
        `insert into reports (id, run_id, version, status, created_at) values (gen_random_uuid(), ?, ?, 'generating', now())
         on conflict (run_id, version) do nothing`,
        [key.runId, key.version],
      );
    },

    async renderReport(key: ReportKey) {
      const existing = await findReport(key);
      if (existing?.status === 'ready' && existing.file_path && (await storage.exists(existing.file_path))) return;
      const data = await loadReportData(deps, key);
      const html = await withHeartbeat(() => buildReportHtml(data));
      const file = await withHeartbeat(() => pdf.render(html));
      const filePath = reportFilePath(key);
      await storage.write(filePath, file);
      const day = (data.endedAt ?? data.generatedAt).slice(0, 10);
      await orm.em.fork().nativeUpdate(
        Report,
        { run: key.runId, version: key.version },
        {
          status: 'ready',
          file_path: filePath,
          file_name: `turnproof-report-${slug(data.propertyName)}-${day}-v${key.version}.pdf`,
          html_content: html,
          summary: summariseReport(data.tasks),
          pdf_size: file.length,
          error: null,
          generated_at: new Date(),
        },
      );
    },

    async emailReport(key: ReportKey) {
      const em = orm.em.fork();
      const report = await em.findOne(Report, { run: key.runId, version: key.version }, { populate: ['run.property'] });
      if (!report || report.emailed_at || !report.file_path) return;
      const owner = await em.findOneOrFail(User, { id: report.run.property.owner.id });
      const size = report.pdf_size ?? 0;
      await mailer.send(
        reportMail(
          owner.email,
          {
            propertyName: report.run.property.name,
            kind: report.run.type,
            runUrl: deps.runUrl(key.runId),
            endedAt: report.run.ended_at ?? null,
            completionRate: report.summary?.completion_rate ?? 0,
          },
          {
            fileName: report.file_name ?? 'turnproof-report.pdf',
            pdf: size <= MAX_ATTACHMENT_BYTES ? await storage.read(report.file_path) : null,
            downloadUrl: deps.reportDownloadUrl(key.runId, key.version),
          },
        ),
      );
      await em.nativeUpdate(Report, { id: report.id }, { emailed_at: new Date() });
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

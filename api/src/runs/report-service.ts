import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError } from '@temporalio/client';
import { recordActivity, Report } from '@turnproof/db';
import { reportHtmlPath } from '@turnproof/platform/report';
import { isTemporalUnavailable, reportHandle } from '@turnproof/temporal/client';
import { reportProgressQuery, type ReportProgress } from '@turnproof/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { PRESIGNED_GET_SECONDS } from '../public/public-run-view.ts';
import { findOwnedRun } from './run-service.ts';

export const reportNotFound = 'Report not found. It may still be generating; check its progress.';

/** Reports made before the preview moved to the media storage keep it in the row. */
export async function hasHtml(deps: AppDeps, report: Report): Promise<boolean> {
  if (report.html_content) return true;
  return (
    report.status === 'ready' && deps.storage.exists(reportHtmlPath({ runId: report.run.id, version: report.version }))
  );
}

function toReportRecord(report: Report, progress: ReportProgress | null, hasHtmlPreview: boolean) {
  return {
    id: report.id,
    version: report.version,
    status: report.status,
    file_name: report.file_name ?? null,
    pdf_size: report.pdf_size ?? null,
    summary: report.summary ?? null,
    generated_at: report.generated_at ?? null,
    emailed_at: report.emailed_at ?? null,
    /** The e-mail to the host: 'pending', 'sent' or 'failed' (with mail_error saying why); null when not mailed. */
    mail_status: report.mail_status ?? null,
    mail_error: report.mail_error ?? null,
    error: report.error ?? null,
    has_html: hasHtmlPreview,
    progress,
  };
}

/** How long the report list waits for a report's live progress; without it the list still answers. */
const PROGRESS_DEADLINE_MS = 1_500;

/** Real progress from the report's workflow while it runs (its steps, not a timer); null when unknown. */
export async function progressOf(deps: AppDeps, runId: string, version: number): Promise<ReportProgress | null> {
  const deadline = Date.now() + PROGRESS_DEADLINE_MS;
  try {
    return await deps.temporal.connection.withDeadline(deadline, () =>
      reportHandle(deps.temporal, runId, version).query(reportProgressQuery),
    );
  } catch (error) {
    // Our own deadline ends the call as CANCELLED (not DEADLINE_EXCEEDED) when the worker is slow to answer.
    if (error instanceof WorkflowNotFoundError || isTemporalUnavailable(error) || Date.now() >= deadline) return null;
    throw error;
  }
}

/** The report versions of an own run, newest first, with live progress of those still generating. */
export async function reportsOfRun(deps: AppDeps, em: EntityManager, ownerId: string, runId: string) {
  const run = await findOwnedRun(em, ownerId, runId);
  const reports = await em.find(Report, { run: run.id }, { orderBy: { version: 'desc' } });
  return Promise.all(
    reports.map(async (report) =>
      toReportRecord(
        report,
        report.status === 'generating' ? await progressOf(deps, run.id, report.version) : null,
        await hasHtml(deps, report),
      ),
    ),
  );
}

/** One report version of an own run; a version that is not a number, or does not exist, is not found. */
export async function findOwnedReport(
  em: EntityManager,
  ownerId: string,
  runId: string,
  rawVersion: string | undefined,
) {
  const run = await findOwnedRun(em, ownerId, runId);
  const version = Number(rawVersion);
  const report = Number.isInteger(version) ? await em.findOne(Report, { run: run.id, version }) : null;
  if (!report) throw notFound(reportNotFound);
  return report;
}

/** Answers the report's PDF: streamed from disk, or a redirect to a short-lived presigned GET of the store. */
export async function sendReportPdf(deps: AppDeps, ctx: AppContext, ownerId: string, report: Report): Promise<void> {
  if (report.status !== 'ready' || !report.file_path) throw notFound(reportNotFound);
  // A file lost from local storage is a 404 the console reports ('Download Failed'), not a broken stream.
  if (!deps.storage.direct && !(await deps.storage.exists(report.file_path))) throw notFound(reportNotFound);
  recordActivity(ctx.state.em, ownerId, 'report_downloaded', {
    run_id: report.run.id,
    version: report.version,
    file_name: report.file_name,
  });
  await ctx.state.em.flush();
  const fileName = report.file_name ?? 'turnproof-report.pdf';
  if (deps.storage.direct) {
    ctx.redirect(
      await deps.storage.direct.downloadUrl(report.file_path, {
        contentType: 'application/pdf',
        fileName,
        expiresInSeconds: PRESIGNED_GET_SECONDS,
      }),
    );
    return;
  }
  ctx.type = 'application/pdf';
  ctx.attachment(fileName);
  ctx.body = deps.storage.stream(report.file_path);
}

import { PRESIGNED_GET_SECONDS } from '../public/public-run-view.ts';
import Router from '@koa/router';
import { WorkflowNotFoundError } from '@temporalio/client';
import { reportHtmlPath } from '@turnproof/platform/report';
import { LIMIT_UPGRADE_MESSAGE, REPORT_LIMIT_REACHED } from '@turnproof/platform/usage-rules';
import { recordActivity, Report } from '@turnproof/db';
import { isTemporalUnavailable, reportHandle, startReportGeneration } from '@turnproof/temporal/client';
import { reportProgressQuery, type ReportProgress } from '@turnproof/workflows';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody, reportRecord, reportStarted } from '../openapi/records.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const reportNotFound = 'Report not found. It may still be generating; check its progress.';
type RunContext = AppContext & { params: Record<string, string | undefined> };
const versionParams = z.object({ id: z.string(), version: z.string() });

/** Reports made before the preview moved to the media storage keep it in the row. */
async function hasHtml(deps: AppDeps, report: Report): Promise<boolean> {
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
async function progressOf(deps: AppDeps, runId: string, version: number): Promise<ReportProgress | null> {
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

export function reportsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/reports' });
  const tags = ['Reports'];
  const errors = { 401: 'Authentication required', 404: runMessages.notFound };

  const ownedRun = async (ctx: RunContext) => {
    const user = requireUser(ctx);
    return findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
  };
  const ownedReport = async (ctx: RunContext) => {
    const run = await ownedRun(ctx);
    const version = Number(ctx.params.version);
    const report = Number.isInteger(version) ? await ctx.state.em.findOne(Report, { run: run.id, version }) : null;
    if (!report) throw notFound(reportNotFound);
    return report;
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'Report versions of a run, newest first, with live progress while generating',
      tags,
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Reports', schema: z.array(reportRecord) },
      errors,
    },
    async (ctx) => {
      const run = await ownedRun(ctx);
      const reports = await ctx.state.em.find(Report, { run: run.id }, { orderBy: { version: 'desc' } });
      ctx.body = await Promise.all(
        reports.map(async (report) =>
          toReportRecord(
            report,
            report.status === 'generating' ? await progressOf(deps, run.id, report.version) : null,
            await hasHtml(deps, report),
          ),
        ),
      );
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Regenerate: a new report version, made by its own workflow',
      tags,
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { status: 202, description: 'Generation started', schema: reportStarted },
      errors: { ...errors, 402: LIMIT_UPGRADE_MESSAGE, 409: 'The run is not completed', 429: 'Too many regenerations' },
    },
    async (ctx) => {
      const run = await ownedRun(ctx);
      if (run.status !== 'completed') throw conflict('Reports are made once the run is completed.');
      const [latest] = await ctx.state.em.find(Report, { run: run.id }, { orderBy: { version: 'desc' }, limit: 1 });
      // A report held at the flex cap is not regenerated for free: the owner upgrades first.
      if (latest?.status === 'pending' && latest.error === REPORT_LIMIT_REACHED) {
        throw new HttpError(402, LIMIT_UPGRADE_MESSAGE, {}, 'report_limit');
      }
      await deps.rateLimits.consume(['reportRegenerationsPerRun', run.id]);
      const version = (latest?.version ?? 0) + 1;
      // Retrying a first report that failed before its e-mail still owes the host that e-mail.
      const emailed = await ctx.state.em.count(Report, { run: run.id, emailed_at: { $ne: null } });
      await startReportGeneration(deps.temporal, deps.config, {
        runId: run.id,
        version,
        emailHost: emailed === 0,
        meter: false,
      });
      ctx.status = 202;
      ctx.body = { version, status: 'generating', progress: await progressOf(deps, run.id, version) };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:version/pdf',
      summary: 'Download a report PDF',
      tags,
      params: versionParams,
      signedIn: true,
      ok: { description: 'application/pdf', schema: fileBody, contentType: 'application/pdf' },
      errors,
    },
    async (ctx) => {
      const report = await ownedReport(ctx);
      if (report.status !== 'ready' || !report.file_path) throw notFound(reportNotFound);
      // A file lost from local storage is a 404 the console reports ('Download Failed'), not a broken stream.
      if (!deps.storage.direct && !(await deps.storage.exists(report.file_path))) throw notFound(reportNotFound);
      recordActivity(ctx.state.em, requireUser(ctx).id, 'report_downloaded', {
        run_id: report.run.id,
        version: report.version,
        file_name: report.file_name,
      });
      await ctx.state.em.flush();
      const fileName = report.file_name ?? 'turnproof-report.pdf';
      if (deps.storage.direct) {
        // Served by the object store through a short-lived presigned GET.
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
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:version/html',
      summary: 'Preview a report as HTML',
      tags,
      params: versionParams,
      signedIn: true,
      ok: { description: 'text/html', schema: fileBody, contentType: 'text/html' },
      errors,
    },
    async (ctx) => {
      const report = await ownedReport(ctx);
      if (!(await hasHtml(deps, report))) throw notFound(reportNotFound);
      // The report embeds user text; the preview may show it but never run anything.
      ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      ctx.type = 'text/html';
      ctx.body =
        report.html_content ?? deps.storage.stream(reportHtmlPath({ runId: report.run.id, version: report.version }));
    },
  );

  return router;
}

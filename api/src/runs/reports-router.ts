import Router from '@koa/router';
import { WorkflowNotFoundError } from '@temporalio/client';
import { LIMIT_UPGRADE_MESSAGE, REPORT_LIMIT_REACHED } from '@turnproof/activities/usage-rules';
import { Report } from '@turnproof/db';
import { reportHandle, startReportGeneration } from '@turnproof/temporal/client';
import { reportProgressQuery, type ReportProgress } from '@turnproof/workflows';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { documentRoute } from '../openapi/registry.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const reportNotFound = 'Report not found. It may still be generating; check its progress.';
type RunContext = AppContext & { params: Record<string, string | undefined> };
const versionParams = z.object({ id: z.string(), version: z.string() });

function toReportRecord(report: Report, progress: ReportProgress | null) {
  return {
    id: report.id,
    version: report.version,
    status: report.status,
    file_name: report.file_name ?? null,
    pdf_size: report.pdf_size ?? null,
    summary: report.summary ?? null,
    generated_at: report.generated_at ?? null,
    emailed_at: report.emailed_at ?? null,
    error: report.error ?? null,
    has_html: Boolean(report.html_content),
    progress,
  };
}

/** Real progress from the report's workflow while it runs (its steps, not a timer). */
async function progressOf(deps: AppDeps, runId: string, version: number): Promise<ReportProgress | null> {
  try {
    return await reportHandle(deps.temporal, runId, version).query(reportProgressQuery);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
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

  documentRoute({
    method: 'get',
    path: '/api/runs/:id/reports',
    summary: 'Report versions of a run, newest first, with live progress while generating',
    tags,
    params: z.object({ id: z.string() }),
    signedIn: true,
    ok: { description: 'Reports' },
    errors,
  });
  router.get('/', async (ctx) => {
    const run = await ownedRun(ctx);
    const reports = await ctx.state.em.find(Report, { run: run.id }, { orderBy: { version: 'desc' } });
    ctx.body = await Promise.all(
      reports.map(async (report) =>
        toReportRecord(report, report.status === 'generating' ? await progressOf(deps, run.id, report.version) : null),
      ),
    );
  });

  documentRoute({
    method: 'post',
    path: '/api/runs/:id/reports',
    summary: 'Regenerate: a new report version, made by its own workflow',
    tags,
    params: z.object({ id: z.string() }),
    signedIn: true,
    ok: { status: 202, description: 'Generation started' },
    errors: { ...errors, 402: LIMIT_UPGRADE_MESSAGE, 409: 'The run is not completed' },
  });
  router.post('/', async (ctx) => {
    const run = await ownedRun(ctx);
    if (run.status !== 'completed') throw conflict('Reports are made once the run is completed.');
    const [latest] = await ctx.state.em.find(Report, { run: run.id }, { orderBy: { version: 'desc' }, limit: 1 });
    // A report held at the flex cap is not regenerated for free: the owner upgrades first.
    if (latest?.status === 'pending' && latest.error === REPORT_LIMIT_REACHED) {
      throw new HttpError(402, LIMIT_UPGRADE_MESSAGE);
    }
    const version = (latest?.version ?? 0) + 1;
    await startReportGeneration(deps.temporal, deps.config, { runId: run.id, version, emailHost: false, meter: false });
    ctx.status = 202;
    ctx.body = { version, status: 'generating', progress: await progressOf(deps, run.id, version) };
  });

  documentRoute({
    method: 'get',
    path: '/api/runs/:id/reports/:version/pdf',
    summary: 'Download a report PDF',
    tags,
    params: versionParams,
    signedIn: true,
    ok: { description: 'application/pdf' },
    errors,
  });
  router.get('/:version/pdf', async (ctx) => {
    const report = await ownedReport(ctx);
    if (report.status !== 'ready' || !report.file_path) throw notFound(reportNotFound);
    ctx.type = 'application/pdf';
    ctx.attachment(report.file_name ?? 'turnproof-report.pdf');
    ctx.body = deps.storage.stream(report.file_path);
  });

  documentRoute({
    method: 'get',
    path: '/api/runs/:id/reports/:version/html',
    summary: 'Preview a report as HTML',
    tags,
    params: versionParams,
    signedIn: true,
    ok: { description: 'text/html' },
    errors,
  });
  router.get('/:version/html', async (ctx) => {
    const report = await ownedReport(ctx);
    if (!report.html_content) throw notFound(reportNotFound);
    // The report embeds user text; the preview may show it but never run anything.
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    ctx.type = 'text/html';
    ctx.body = report.html_content;
  });

  return router;
}

import Router from '@koa/router';
import { reportHtmlPath } from '@turnproof/platform/report';
import { LIMIT_UPGRADE_MESSAGE, REPORT_LIMIT_REACHED } from '@turnproof/platform/usage-rules';
import { Report } from '@turnproof/db';
import { startReportGeneration } from '@turnproof/temporal/client';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody, reportRecord, reportStarted } from '../openapi/records.ts';
import { findOwnedReport, hasHtml, progressOf, reportNotFound, reportsOfRun, sendReportPdf } from './report-service.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

type RunContext = AppContext & { params: Record<string, string | undefined> };
const versionParams = z.object({ id: z.string(), version: z.string() });

export function reportsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/reports' });
  const tags = ['Reports'];
  const errors = { 401: 'Authentication required', 404: runMessages.notFound };

  const ownedRun = async (ctx: RunContext) => {
    const user = requireUser(ctx);
    return findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
  };
  const ownedReport = async (ctx: RunContext) =>
    findOwnedReport(
      ctx.state.em,
      requireUser(ctx).id,
      parseId(ctx.params.id ?? '', runMessages.notFound),
      ctx.params.version,
    );

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
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      ctx.body = await reportsOfRun(deps, ctx.state.em, requireUser(ctx).id, id);
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
      await sendReportPdf(deps, ctx, requireUser(ctx).id, await ownedReport(ctx));
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

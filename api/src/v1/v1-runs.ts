import Router from '@koa/router';
import { RUN_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { issueMessages, resolveIssueBody } from '../issues/issue-input.ts';
import { issueRecord } from '../issues/issues-router.ts';
import { issuesOfRun, resolveIssue } from '../issues/issue-service.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody } from '../openapi/records.ts';
import { findOwnedReport, reportsOfRun, sendReportPdf } from '../runs/report-service.ts';
import { createRunBody, runMessages, updateRunBody } from '../runs/run-input.ts';
import { findOwnedRun, revokeLink, rotateLink, updateRun } from '../runs/run-service.ts';
import { decodeCursor, encodeCursor, pageOf, pageQuery } from './cursor.ts';
import { createRunOnce, idempotencyHeader } from './idempotent-runs.ts';
import { keyCaller, keyOwner } from './key-auth.ts';
import { runPage } from './run-pages.ts';
import { V1_PREFIX } from './v1-paths.ts';
import { v1Errors } from './v1-errors.ts';
import { toV1Report, toV1Run, toV1RunWithTasks, v1Report, v1Run, v1RunWithTasks } from './v1-records.ts';

const listQuery = z.object({
  property_id: z.uuid({ error: 'property_id must be a property id.' }).optional(),
  status: z.enum(RUN_STATUSES, { error: `status must be one of: ${RUN_STATUSES.join(', ')}.` }).optional(),
  updated_since: z.iso
    .datetime({ offset: true, error: 'updated_since must be an ISO date and time, e.g. 2026-11-27T10:00:00Z.' })
    .optional()
    .meta({ description: 'Only runs changed at or after this instant', example: '2026-11-27T10:00:00Z' }),
  ...pageQuery,
});
const runParams = z.object({ id: z.uuid().meta({ description: 'The run id' }) });
const versionParams = runParams.extend({
  version: z.string().meta({ description: 'The report version', example: '1' }),
});
const issueParams = runParams.extend({ issueId: z.uuid().meta({ description: 'The issue id' }) });
/** What a client may change of a run: its due time and who does it. */
const updateBody = updateRunBody.pick({ due_at: true, assigned_to: true });

const runId = (ctx: AppContext & { params: Record<string, string | undefined> }) =>
  parseId(ctx.params.id ?? '', runMessages.notFound);

/** Runs, their reports and their issues through an API key: the console's services, the public records. */
export function v1RunsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: `${V1_PREFIX}/runs` });
  const tags = ['v1 Runs'];
  const errors = v1Errors({ 404: runMessages.notFound });
  const secretKey = deps.config.SECRET_KEY;

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      operationId: 'listRuns',
      summary: 'List runs, newest first, a page at a time (filters: property_id, status, updated_since)',
      tags,
      query: listQuery,
      bearer: true,
      ok: { description: 'A page of runs, each with its magic_link', schema: pageOf(v1Run) },
      errors: v1Errors(),
    },
    async (ctx) => {
      const query = parseInput(listQuery, ctx.query);
      const filter = {
        property_id: query.property_id,
        status: query.status,
        updated_since: query.updated_since ? new Date(query.updated_since) : undefined,
      };
      const page = await runPage(ctx.state.em, keyOwner(ctx), filter, decodeCursor(query.cursor), query.limit);
      ctx.body = {
        data: page.runs.map((run) =>
          toV1Run(run, secretKey, page.counts.get(run.id) ?? { task_count: 0, completed_task_count: 0 }),
        ),
        next_cursor: page.next ? encodeCursor(page.next) : null,
      };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      operationId: 'getRun',
      summary: 'One run with its tasks',
      tags,
      params: runParams,
      bearer: true,
      ok: { description: 'The run', schema: v1RunWithTasks },
      errors,
    },
    async (ctx) => {
      ctx.body = toV1RunWithTasks(await findOwnedRun(ctx.state.em, keyOwner(ctx), runId(ctx)), secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      operationId: 'createRun',
      summary: 'Create a run with its magic link (send an Idempotency-Key to retry safely)',
      tags,
      body: createRunBody,
      headers: idempotencyHeader,
      bearer: true,
      ok: {
        status: 201,
        description: 'The new run; a retry with the same Idempotency-Key and body answers the same run',
        schema: v1RunWithTasks,
      },
      errors: v1Errors({ 409: 'The Idempotency-Key was used with another body (code idempotency_key_reused)' }),
    },
    async (ctx) => {
      const input = parseInput(createRunBody, ctx.request.body ?? {});
      const { run, replayed } = await createRunOnce(deps, ctx.state.em, keyCaller(ctx), ctx.headers, input);
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.status = 201;
      ctx.body = toV1RunWithTasks(run, secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'patch',
      path: '/:id',
      operationId: 'updateRun',
      summary: 'Change the due time or the assignee of a run',
      tags,
      params: runParams,
      body: updateBody,
      bearer: true,
      ok: { description: 'The run', schema: v1RunWithTasks },
      errors,
    },
    async (ctx) => {
      const input = parseInput(updateBody, ctx.request.body ?? {});
      ctx.body = toV1RunWithTasks(await updateRun(deps, ctx.state.em, keyOwner(ctx), runId(ctx), input), secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/link',
      operationId: 'rotateRunLink',
      summary: 'Rotate the magic link: the old one stops working',
      tags,
      params: runParams,
      bearer: true,
      ok: { description: 'The run with its new magic_link', schema: v1RunWithTasks },
      errors,
    },
    async (ctx) => {
      ctx.body = toV1RunWithTasks(await rotateLink(deps.config, ctx.state.em, keyOwner(ctx), runId(ctx)), secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id/link',
      operationId: 'revokeRunLink',
      summary: 'Revoke the magic link (it answers 410 from now on)',
      tags,
      params: runParams,
      bearer: true,
      ok: { description: 'The run, magic_link null', schema: v1RunWithTasks },
      errors,
    },
    async (ctx) => {
      ctx.body = toV1RunWithTasks(await revokeLink(ctx.state.em, keyOwner(ctx), runId(ctx)), secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id/reports',
      operationId: 'listRunReports',
      summary: 'The report versions of a run, newest first',
      tags: ['v1 Reports'],
      params: runParams,
      bearer: true,
      ok: { description: 'Reports', schema: z.object({ data: z.array(v1Report) }) },
      errors,
    },
    async (ctx) => {
      const reports = await reportsOfRun(deps, ctx.state.em, keyOwner(ctx), runId(ctx));
      ctx.body = { data: reports.map(toV1Report) };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id/reports/:version/pdf',
      operationId: 'getRunReportPdf',
      summary: "Download a report's PDF (or a redirect to it on an object store)",
      tags: ['v1 Reports'],
      params: versionParams,
      bearer: true,
      ok: { description: 'application/pdf', schema: fileBody, contentType: 'application/pdf' },
      errors,
    },
    async (ctx) => {
      const ownerId = keyOwner(ctx);
      const report = await findOwnedReport(ctx.state.em, ownerId, runId(ctx), ctx.params.version);
      await sendReportPdf(deps, ctx, ownerId, report);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id/issues',
      operationId: 'listRunIssues',
      summary: "A run's issues with their status (open, resolved, follow_up), oldest first",
      tags: ['v1 Issues'],
      params: runParams,
      bearer: true,
      ok: { description: 'Issues', schema: z.object({ data: z.array(issueRecord) }) },
      errors,
    },
    async (ctx) => {
      ctx.body = { data: await issuesOfRun(ctx.state.em, keyOwner(ctx), runId(ctx)) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/issues/:issueId/resolve',
      operationId: 'resolveRunIssue',
      summary: 'Resolve an open issue with a note on what was done',
      tags: ['v1 Issues'],
      params: issueParams,
      body: resolveIssueBody,
      bearer: true,
      ok: { description: 'The resolved issue', schema: issueRecord },
      errors: v1Errors({ 404: issueMessages.notFound, 409: 'The issue is not open' }),
    },
    async (ctx) => {
      const issueId = parseId(ctx.params.issueId ?? '', issueMessages.notFound);
      const { note } = parseInput(resolveIssueBody, ctx.request.body ?? {});
      ctx.body = await resolveIssue(ctx.state.em, keyOwner(ctx), runId(ctx), issueId, note);
    },
  );

  return router;
}

import Router from '@koa/router';
import { ALERT_SEVERITIES, ISSUE_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { runRecord } from '../openapi/records.ts';
import { runMessages } from '../runs/run-input.ts';
import { toRunRecord } from '../runs/run-service.ts';
import { followUpBody, issueMessages, resolveIssueBody } from './issue-input.ts';
import { followUpIssue, issuesOfRun, openIssuesOf, resolveIssue } from './issue-service.ts';

export const issueRecord = z.object({
  id: z.uuid(),
  run_id: z.uuid(),
  run_task_id: z.uuid().nullable(),
  task_title: z.string().nullable(),
  severity: z.enum(ALERT_SEVERITIES),
  description: z.string(),
  created_at: z.string(),
  status: z.enum(ISSUE_STATUSES),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
  follow_up_run_id: z.uuid().nullable(),
});
const openIssues = z.object({
  total: z.number().int(),
  issues: z.array(
    issueRecord.extend({
      property_id: z.uuid(),
      property_name: z.string(),
      checklist_name: z.string(),
      timezone: z.string(),
    }),
  ),
});
const runParams = z.object({ runId: z.string() });
const issueParams = z.object({ runId: z.string(), issueId: z.string() });

/** The issues cleaners report, as the host sees and closes them: resolved with a note, or a follow-up run. */
export function issuesRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const tags = ['Issues'];
  const issueErrors = { 401: 'Authentication required', 404: issueMessages.notFound, 409: 'The issue is not open' };
  const ids = (params: { runId?: string; issueId?: string }) => ({
    runId: parseId(params.runId ?? '', issueMessages.notFound),
    issueId: parseId(params.issueId ?? '', issueMessages.notFound),
  });

  addRoute(
    router,
    {
      method: 'get',
      path: '/issues/open',
      summary: "The owner's open issues across all runs, newest first (at most 20), and how many are open",
      tags,
      signedIn: true,
      ok: { description: 'Open issues and their total', schema: openIssues },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      ctx.body = await openIssuesOf(ctx.state.em, requireUser(ctx).id);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/runs/:runId/issues',
      summary: "A run's issues with their status (open, resolved, follow_up), oldest first",
      tags,
      params: runParams,
      signedIn: true,
      ok: { description: 'Issues', schema: z.array(issueRecord) },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await issuesOfRun(ctx.state.em, user.id, parseId(ctx.params.runId ?? '', runMessages.notFound));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/runs/:runId/issues/:issueId/resolve',
      summary: 'Resolve an open issue with a note on what was done',
      tags,
      params: issueParams,
      body: resolveIssueBody,
      signedIn: true,
      ok: { description: 'The resolved issue', schema: issueRecord },
      errors: issueErrors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { runId, issueId } = ids(ctx.params);
      const { note } = parseInput(resolveIssueBody, ctx.request.body ?? {});
      ctx.body = await resolveIssue(ctx.state.em, user.id, runId, issueId, note);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/runs/:runId/issues/:issueId/follow-up',
      summary:
        'Turn an open issue into a follow-up run at the same property (one task: fix it, with a photo), with its own link',
      tags,
      params: issueParams,
      body: followUpBody,
      signedIn: true,
      ok: {
        status: 201,
        description: 'The issue (status follow_up) and the new run',
        schema: z.object({ issue: issueRecord, run: runRecord }),
      },
      errors: issueErrors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { runId, issueId } = ids(ctx.params);
      const input = parseInput(followUpBody, ctx.request.body ?? {});
      const { issue, run } = await followUpIssue(deps, ctx.state.em, user.id, runId, issueId, input);
      ctx.status = 201;
      ctx.body = { issue, run: toRunRecord(run, deps.config.SECRET_KEY) };
    },
  );

  return router;
}

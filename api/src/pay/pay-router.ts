import Router from '@koa/router';
import { formatCalendarDate } from '@turnproof/config/time-format';
import { ownerTimeZone, PayStatement } from '@turnproof/db';
import { cleanerLanguage } from '@turnproof/platform/mail';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { fileBody } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { printOnWorker } from '../site/worker-printed-pdf.ts';
import { findOwnedMember, ownerDisplayName, teamMessages } from '../team/team-service.ts';
import { payMessages, payRatesBody, statementBody, timesheetQuery } from './pay-input.ts';
import { readPayRates, savePayRates } from './pay-rates.ts';
import {
  createStatement,
  findOwnedStatement,
  refreshDraft,
  sendStatement,
  statementPdfFolder,
  type StatementRecord,
  toStatementRecord,
} from './pay-statements.ts';
import { statementCsv, statementHtml } from './statement-documents.ts';
import { statementMail } from './statement-mail.tsx';
import { timesheetCsv, timesheetRows, totalsPerCleaner } from './timesheet.ts';

const idParams = z.object({ id: z.string() });
const rate = { per_run_cents: z.number().int(), per_hour_cents: z.number().int() };
const payRatesRecord = z.object({
  ...rate,
  overrides: z.array(z.object({ property_id: z.uuid(), property_name: z.string(), ...rate })),
});
const timesheetRow = z.object({
  run_id: z.uuid(),
  run_name: z.string(),
  member_id: z.uuid(),
  cleaner: z.string(),
  property_id: z.uuid(),
  property: z.string(),
  timezone: z.string().describe("The property's zone: read the times in it"),
  started_at: z.string().nullable(),
  completed_at: z.string(),
  work_seconds: z.number().int().describe('Work time without pauses'),
  pauses: z.number().int(),
  paused_seconds: z.number().int(),
  late_checkout_minutes: z.number().int().nullable(),
});
const cleanerTotal = z.object({
  member_id: z.uuid(),
  cleaner: z.string(),
  runs: z.number().int(),
  work_seconds: z.number().int(),
  paused_seconds: z.number().int(),
  late_checkout_minutes: z.number().int(),
});
const timesheetRecord = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(timesheetRow),
  totals: z.array(cleanerTotal).describe('Per cleaner, in the order of the rows'),
});
const statementRecord = z.object({
  id: z.uuid(),
  member_id: z.uuid(),
  cleaner: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string().describe('ISO 4217; amounts are integer cents of it'),
  total_cents: z.number().int(),
  sent_at: z.string().nullable().describe('Once set, the lines and total never change'),
  created_at: z.string(),
  lines: z.array(
    z.object({
      run_id: z.uuid().nullable(),
      run_name: z.string(),
      property: z.string(),
      timezone: z.string(),
      started_at: z.string().nullable(),
      completed_at: z.string(),
      work_seconds: z.number().int(),
      per_run_cents: z.number().int(),
      per_hour_cents: z.number().int(),
      amount_cents: z.number().int(),
    }),
  ),
});
const sentRecord = statementRecord.extend({ mailed: z.boolean().describe('Whether the cleaner was e-mailed') });
const statementList = listQuerySchema(['created_at', 'period_from'] as const, { member_id: z.uuid().optional() });

const fileStem = (statement: StatementRecord) =>
  `pay-statement-${statement.cleaner.replace(/[^\p{L}\p{N}]+/gu, '-')}-${statement.from}-${statement.to}`;

/**
 * Timesheets of the owner's cleaners and what they earn: pay rates per member (per run, per hour, per
 * property) and pay statements per member and period, as JSON, CSV and PDF (printed by the worker).
 */
export function payRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const signedIn = { 401: 'Authentication required' };
  const memberErrors = { ...signedIn, 404: teamMessages.notFound };
  const statementErrors = { ...signedIn, 404: payMessages.statementNotFound };

  async function timesheet(ctx: AppContext) {
    const user = requireUser(ctx);
    const query = parseInput(timesheetQuery, ctx.query);
    if (query.member_id) await findOwnedMember(ctx.state.em, user.id, query.member_id);
    return { query, rows: await timesheetRows(ctx.state.em, user.id, query, query.member_id) };
  }

  addRoute(
    router,
    {
      method: 'get',
      path: '/timesheets',
      summary:
        "Completed runs of the owner's cleaners in a period (days in each property's zone), with totals per cleaner",
      tags: ['Pay'],
      query: timesheetQuery,
      signedIn: true,
      ok: { description: 'The timesheet', schema: timesheetRecord },
      errors: { ...memberErrors, 400: 'A date is missing or not YYYY-MM-DD, or the period is reversed' },
    },
    async (ctx) => {
      const { query, rows } = await timesheet(ctx);
      ctx.body = { from: query.from, to: query.to, rows, totals: totalsPerCleaner(rows) };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/timesheets.csv',
      summary:
        "The timesheet as CSV: cleaner, property, run, started, completed, hours, pauses, late-checkout minutes; times in the property's zone",
      tags: ['Pay'],
      query: timesheetQuery,
      signedIn: true,
      ok: { description: 'The CSV file', schema: z.string(), contentType: 'text/csv' },
      errors: { ...memberErrors, 400: 'A date is missing or not YYYY-MM-DD, or the period is reversed' },
    },
    async (ctx) => {
      const { query, rows } = await timesheet(ctx);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`timesheet-${query.from}-${query.to}.csv`);
      ctx.body = timesheetCsv(rows);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/team/:id/pay-rates',
      summary: "A team member's pay rates: their own, and per property where another applies",
      tags: ['Pay'],
      params: idParams,
      signedIn: true,
      ok: { description: 'The rates in cents', schema: payRatesRecord },
      errors: memberErrors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await readPayRates(ctx.state.em, user.id, parseId(ctx.params.id ?? '', teamMessages.notFound));
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/team/:id/pay-rates',
      summary: "Replace a team member's pay rates (sent statements keep the rates they were sent with)",
      tags: ['Pay'],
      params: idParams,
      body: payRatesBody,
      signedIn: true,
      ok: { description: 'The rates as saved', schema: payRatesRecord },
      errors: { ...memberErrors, 400: 'A rate is not whole cents, or a property is named twice' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', teamMessages.notFound);
      // Another owner's member is a 404 before its body is read: the answer says nothing of the member.
      await findOwnedMember(ctx.state.em, user.id, id);
      ctx.body = await savePayRates(ctx.state.em, user.id, id, parseInput(payRatesBody, ctx.request.body));
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/pay-statements',
      summary: 'List own pay statements, newest first (react-admin simple REST); lines are left out',
      tags: ['Pay'],
      query: statementList,
      list: true,
      signedIn: true,
      ok: { description: 'Pay statements; total in Content-Range', schema: z.array(statementRecord) },
      errors: signedIn,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(statementList, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const { id, member_id } = query.filter ?? {};
      const [statements, total] = await ctx.state.em.findAndCount(
        PayStatement,
        {
          owner: user.id,
          ...(id !== undefined ? { id: { $in: [id].flat() } } : {}),
          ...(member_id ? { team_member: member_id } : {}),
        },
        { orderBy: orderOf(query.sort, { created_at: 'desc' }), offset, limit, populate: ['team_member'] },
      );
      sendList(ctx, 'pay-statements', offset, statements.map(toStatementRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/pay-statements',
      summary: "Make a draft pay statement of a member's completed runs in a period, at their current rates",
      tags: ['Pay'],
      body: statementBody,
      signedIn: true,
      ok: { status: 201, description: 'The draft statement', schema: statementRecord },
      errors: { ...memberErrors, 400: 'A date is missing or not YYYY-MM-DD, or the period is reversed' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const statement = await createStatement(ctx.state.em, user.id, parseInput(statementBody, ctx.request.body));
      ctx.status = 201;
      ctx.body = toStatementRecord(statement);
    },
  );

  /** The statement as it stands: a draft follows today's runs and rates; a sent one is as sent. */
  async function currentStatement(ctx: AppContext & { params: Record<string, string | undefined> }) {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', payMessages.statementNotFound);
    await findOwnedStatement(ctx.state.em, user.id, id);
    return { user, statement: toStatementRecord(await refreshDraft(ctx.state.em, id)) };
  }

  addRoute(
    router,
    {
      method: 'get',
      path: '/pay-statements/:id',
      summary: 'One own pay statement with its lines (a draft is recomputed at the current rates)',
      tags: ['Pay'],
      params: idParams,
      signedIn: true,
      ok: { description: 'The statement', schema: statementRecord },
      errors: statementErrors,
    },
    async (ctx) => {
      ctx.body = (await currentStatement(ctx)).statement;
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/pay-statements/:id/csv',
      summary: 'The pay statement as CSV: one line per run (hours, rates, amount), then the total',
      tags: ['Pay'],
      params: idParams,
      signedIn: true,
      ok: { description: 'The CSV file', schema: z.string(), contentType: 'text/csv' },
      errors: statementErrors,
    },
    async (ctx) => {
      const { statement } = await currentStatement(ctx);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`${fileStem(statement)}.csv`);
      ctx.body = statementCsv(statement);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/pay-statements/:id/pdf',
      summary: 'The pay statement as a PDF, printed by the worker',
      tags: ['Pay'],
      params: idParams,
      signedIn: true,
      ok: { description: 'The PDF', schema: fileBody, contentType: 'application/pdf' },
      errors: { ...statementErrors, 503: 'The worker cannot print right now' },
    },
    async (ctx) => {
      const { user, statement } = await currentStatement(ctx);
      const owner = {
        name: await ownerDisplayName(ctx.state.em, user.id),
        timeZone: await ownerTimeZone(ctx.state.em, user.id),
      };
      // Stored under the page's hash: a draft whose rates changed is printed again, a sent one once.
      const pdf = await printOnWorker(deps, statementHtml(statement, owner), statementPdfFolder(user.id));
      ctx.type = 'application/pdf';
      ctx.attachment(`${fileStem(statement)}.pdf`);
      ctx.body = pdf;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/pay-statements/:id/send',
      summary:
        'Mark the statement sent, fixing its lines and total, and e-mail it (CSV) to the member when they have an address; sending again changes nothing',
      tags: ['Pay'],
      params: idParams,
      signedIn: true,
      ok: { description: 'The sent statement', schema: sentRecord },
      errors: statementErrors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', payMessages.statementNotFound);
      const member = (await findOwnedStatement(ctx.state.em, user.id, id)).team_member;
      const sent = await sendStatement(ctx.state.em, id);
      const statement = toStatementRecord(sent.statement);
      // Mailed on the first send only; a mail that fails leaves the statement sent and says it was not mailed.
      const mailed =
        sent.sentNow && member.email
          ? await mailStatement(ctx, member.email, statement).then(
              () => true,
              (error: unknown) => {
                ctx.state.log.warn({ err: error, statementId: id }, 'pay statement mail failed');
                return false;
              },
            )
          : false;
      ctx.body = { ...statement, mailed };
    },
  );

  async function mailStatement(ctx: AppContext, to: string, statement: StatementRecord) {
    const ownerId = requireUser(ctx).id;
    const language = await cleanerLanguage(ctx.state.em, { memberId: statement.member_id, ownerId });
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: statement.currency });
    await deps.mailer.send(
      statementMail(
        to,
        {
          ownerName: await ownerDisplayName(ctx.state.em, ownerId),
          period: `${formatCalendarDate(statement.from)} – ${formatCalendarDate(statement.to)}`,
          runs: statement.lines.length,
          total: total.format(statement.total_cents / 100),
          csv: statementCsv(statement),
          fileName: `${fileStem(statement)}.csv`,
        },
        language,
      ),
    );
  }

  return router;
}

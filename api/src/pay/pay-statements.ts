import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PayStatement, PayStatementLine } from '@turnproof/db';
import { notFound } from '../http/errors.ts';
import { findOwnedMember } from '../team/team-service.ts';
import { payMessages, type Period } from './pay-input.ts';
import { rateResolver, type Rate } from './pay-rates.ts';
import { timesheetRows, type TimesheetRow } from './timesheet.ts';

/**
 * Billing accounts carry no currency yet (Stripe bills in USD), so statements are in USD; the column is
 * stored per statement so a later account currency leaves sent statements as they were.
 */
const OWNER_CURRENCY = 'USD';

/** Where an owner's statement PDFs are kept (by their page's hash); the account's deletion removes it. */
export const statementPdfFolder = (ownerId: string) => `pay-statements/${ownerId}`;

/** What a run earns: its rate per run plus the hourly rate for its work time, rounded to the cent. */
export const amountCents = (rate: Rate, workSeconds: number) =>
  rate.per_run_cents + Math.round((rate.per_hour_cents * workSeconds) / 3600);

export async function findOwnedStatement(em: EntityManager, ownerId: string, id: string) {
  const statement = await em.findOne(PayStatement, { id, owner: ownerId }, { populate: ['team_member'] });
  if (!statement) throw notFound(payMessages.statementNotFound);
  return statement;
}

/** A draft statement of the member's runs in the period; its lines follow the rates until it is sent. */
export async function createStatement(em: EntityManager, ownerId: string, input: Period & { member_id: string }) {
  const member = await findOwnedMember(em, ownerId, input.member_id);
  const statement = em.create(PayStatement, {
    owner: ownerId,
    team_member: member,
    period_from: input.from,
    period_to: input.to,
    currency: OWNER_CURRENCY,
  });
  await em.flush();
  return refreshDraft(em, statement.id);
}

/** The statement as it stands: a draft recomputed from today's runs and rates, a sent one as stored. */
export const refreshDraft = async (em: EntityManager, id: string) => (await recompute(em, id, false)).statement;

/** Fixes the statement's lines and total; `sentNow` is false when it had been sent before (mail it once). */
export const sendStatement = (em: EntityManager, id: string) => recompute(em, id, true);

/**
 * Recomputes a draft's lines, leaving out runs already on a sent statement (a run is paid once). Under the
 * statement's row lock, so a send and a refresh never interleave, and two sends make one `sentNow`.
 */
async function recompute(em: EntityManager, id: string, send: boolean) {
  const sentNow = await em.transactional(async (tx) => {
    const statement = await tx.findOneOrFail(PayStatement, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (statement.sent_at) return false;
    const period = { from: statement.period_from, to: statement.period_to };
    const memberId = statement.team_member.id;
    const ownerId = statement.owner.id;
    const rows = await unpaidRows(tx, ownerId, id, await timesheetRows(tx, ownerId, period, memberId));
    const rateAt = await rateResolver(tx, memberId);
    await tx.nativeDelete(PayStatementLine, { statement: id });
    let total = 0;
    rows.forEach((row, order_index) => {
      const rate = rateAt(row.property_id);
      const amount = amountCents(rate, row.work_seconds);
      total += amount;
      tx.create(PayStatementLine, {
        statement,
        run: row.run_id,
        property_name: row.property,
        property_timezone: row.timezone,
        run_name: row.run_name,
        started_at: row.started_at ? new Date(row.started_at) : null,
        completed_at: new Date(row.completed_at),
        work_seconds: row.work_seconds,
        ...rate,
        amount_cents: amount,
        order_index,
      });
    });
    statement.total_cents = total;
    if (send) statement.sent_at = new Date();
    return send;
  });
  // A fresh context: the request's may hold the statement as it was before the transaction.
  const statement = await em.fork().findOneOrFail(PayStatement, { id }, { populate: ['team_member', 'lines'] });
  return { statement, sentNow };
}

async function unpaidRows(em: EntityManager, ownerId: string, statementId: string, rows: TimesheetRow[]) {
  const paid = await em.find(PayStatementLine, {
    run: { $in: rows.map((row) => row.run_id) },
    statement: { owner: ownerId, sent_at: { $ne: null }, id: { $ne: statementId } },
  });
  const paidRuns = new Set(paid.map((line) => line.run?.id));
  return rows.filter((row) => !paidRuns.has(row.run_id));
}

export function toStatementRecord(statement: PayStatement) {
  return {
    id: statement.id,
    member_id: statement.team_member.id,
    cleaner: statement.team_member.name,
    from: statement.period_from,
    to: statement.period_to,
    currency: statement.currency,
    total_cents: statement.total_cents,
    sent_at: statement.sent_at?.toISOString() ?? null,
    created_at: statement.created_at.toISOString(),
    lines: statement.lines.isInitialized()
      ? statement.lines.getItems().map((line) => ({
          run_id: line.run?.id ?? null,
          run_name: line.run_name,
          property: line.property_name,
          timezone: line.property_timezone,
          started_at: line.started_at?.toISOString() ?? null,
          completed_at: line.completed_at.toISOString(),
          work_seconds: line.work_seconds,
          per_run_cents: line.per_run_cents,
          per_hour_cents: line.per_hour_cents,
          amount_cents: line.amount_cents,
        }))
      : [],
  };
}
export type StatementRecord = ReturnType<typeof toStatementRecord>;

import { TZDate } from '@date-fns/tz';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadOwnerAccess } from '../owner-access.ts';

/** No texts from 21:00 to 08:00 where the property is; a held text goes at 08:00. */
export const QUIET_HOURS = { from: 21, until: 8 };
/** A run due sooner than this is texted at once, even at night: the cleaner needs to know now. */
export const URGENT_WITHIN_MS = 12 * 60 * 60 * 1000;
/**
 * Texts one number gets in an hour at most: a cleaner is never flooded, the owner's bill never runs away,
 * and a week of jobs assigned to one cleaner at once still goes by text.
 */
export const TEXTS_PER_NUMBER_PER_HOUR = 20;

export type TextRefusalCode = 'text_allowance_used' | 'text_rate_limited';

/** Why a guard keeps a text from going: the code and params say it in the host's language, `text` in English. */
export interface GuardRefusal {
  code: TextRefusalCode;
  params: Record<string, string | number>;
  text: string;
}

export type TextGuard = { send: true } | { holdUntil: Date } | { refused: GuardRefusal };

/** What the guards look at in a text. */
export interface GuardedText {
  ownerId: string;
  runId: string | null;
  to: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** Texts a guard or Twilio refused were never sent and are not counted. */
const COUNTED = `status <> 'refused'`;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
/** The allowance renews on the first of the next calendar month (UTC). */
const allowanceRenewsAt = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** The owner's texts this calendar month against the plan's allowance (the console shows it). */
export async function textUsage(em: EntityManager, ownerId: string, now: Date) {
  const [row] = await em.execute<{ used: string }[]>(
    `select count(*) as used from text_messages where owner_id = ? and created_at >= ? and ${COUNTED}`,
    [ownerId, monthStart(now)],
  );
  return {
    used: Number(row?.used ?? 0),
    // The plan whose limits apply now (null: no limit, for an admin).
    allowance: (await loadOwnerAccess(em, ownerId, now)).limits.monthlyTexts,
    renewsAt: allowanceRenewsAt(now),
  };
}

/** During quiet hours in the zone, the 08:00 the text waits for; null when it may go now. */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const local = new TZDate(now.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from) return null;
  const day = local.getDate() + (hour >= QUIET_HOURS.from ? 1 : 0);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), day, QUIET_HOURS.until, 0, timeZone).getTime());
}

const knownZone = (zone: string | null | undefined): zone is string => {
  if (!zone || zone === 'auto') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone whose night counts and the run's due time: the property's for a text about a run, else the
 * owner's chosen zone (an invitation); no zone means no quiet hours.
 */
async function whereAndWhen(em: EntityManager, text: GuardedText) {
  if (text.runId) {
    const [run] = await em.execute<{ timezone: string; due_at: Date | string | null }[]>(
      `select p.timezone, r.due_at from runs r join properties p on p.id = r.property_id where r.id = ?`,
      [text.runId],
    );
    return { zone: run?.timezone, dueAt: run?.due_at ? new Date(run.due_at) : null };
  }
  const [owner] = await em.execute<{ timezone: string }[]>(`select timezone from user_preferences where user_id = ?`, [
    text.ownerId,
  ]);
  return { zone: owner?.timezone, dueAt: null };
}

/**
 * Whether a text may go now: refused when the owner's month of texts is used up or the number had its
 * hour's texts, held until 08:00 during the property's night (unless its run is due within 12 hours).
 * The caller holds the owner's lock, so two texts never both take the last one of the allowance.
 */
export async function guardText(em: EntityManager, text: GuardedText, now: Date): Promise<TextGuard> {
  const { used, allowance, renewsAt } = await textUsage(em, text.ownerId, now);
  if (allowance !== null && used >= allowance) {
    const renews = renewsAt.toISOString().slice(0, 10);
    return {
      refused: {
        code: 'text_allowance_used',
        params: { allowance, renews },
        text: `This month's allowance of ${allowance} texts is used up; it renews on ${renews}.`,
      },
    };
  }
  const [recent] = await em.execute<{ sent: string }[]>(
    `select count(*) as sent from text_messages where to_number = ? and created_at > ? and ${COUNTED}`,
    [text.to, new Date(now.getTime() - HOUR_MS)],
  );
  if (Number(recent?.sent ?? 0) >= TEXTS_PER_NUMBER_PER_HOUR) {
    return {
      refused: {
        code: 'text_rate_limited',
        params: { limit: TEXTS_PER_NUMBER_PER_HOUR },
        text: `This number already got ${TEXTS_PER_NUMBER_PER_HOUR} texts in the last hour.`,
      },
    };
  }
  const { zone, dueAt } = await whereAndWhen(em, text);
  const urgent = dueAt !== null && dueAt.getTime() - now.getTime() < URGENT_WITHIN_MS;
  const holdUntil = knownZone(zone) && !urgent ? quietUntil(now, zone) : null;
  return holdUntil ? { holdUntil } : { send: true };
}

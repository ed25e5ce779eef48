import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '@turnproof/config';
import { Run, TeamMember } from '@turnproof/db';
import ICAL from 'ical.js';
import type { Mailer } from '@turnproof/platform/mailer';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import type { RateLimits } from '../auth/rate-limits.ts';
import { hashToken, newSecretToken } from '../auth/secret-tokens.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { withoutControlCharacters } from '../http/validation.ts';
import { decryptLink, encryptLink } from '../runs/magic-link.ts';
import { sendRunToAssignee } from '../team/assignment-mail.ts';
import { rotateMemberRunLinks } from '../team/member-run-links.ts';

export const scheduleMessages = {
  invalid: 'This schedule link is invalid. Please ask your host for a new link.',
  revoked: 'This schedule link was revoked by the host. Please ask your host for a new link.',
  expired: 'This schedule link has expired. Please ask your host for a new link.',
};

/**
 * A schedule link opens every assigned run and its door code: like a key handed out, it works for a
 * while, then the host hands out a new one (the old one stops at once).
 */
export const SCHEDULE_LINK_LIFETIME_MS = 30 * 24 * 3_600_000;

const scheduleUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/c/${token}`;

/** A new personal schedule link for the member (the previous one stops working at once). */
export async function rotateScheduleLink(config: Config, em: EntityManager, member: TeamMember): Promise<string> {
  const token = newSecretToken();
  const link = scheduleUrl(config.publicOrigin, token);
  em.assign(member, {
    schedule_token_hash: hashToken(token),
    schedule_link_encrypted: encryptLink(config.SECRET_KEY, link),
    schedule_revoked_at: null,
    schedule_expires_at: new Date(Date.now() + SCHEDULE_LINK_LIFETIME_MS),
  });
  await em.flush();
  return link;
}

/**
 * Revokes the member's schedule link. The schedule showed the links of their open runs, so those runs get
 * new links (the old ones answer 410), mailed to the member while the owner's assignment budget lasts.
 */
export async function revokeScheduleLink(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null; push: PushSender | null; rateLimits: RateLimits },
  em: EntityManager,
  member: TeamMember,
): Promise<void> {
  if (member.schedule_revoked_at) return;
  const runIds = await em.transactional(async (tx) => {
    await tx.nativeUpdate(TeamMember, { id: member.id }, { schedule_revoked_at: new Date() });
    return rotateMemberRunLinks(deps.config, tx, member.id);
  });
  await em.refresh(member);
  if (!member.accepted_at) return;
  const fork = em.fork();
  const runs = await fork.find(Run, { id: { $in: runIds } }, { populate: ['property', 'assigned_to'] });
  for (const run of runs) {
    try {
      await deps.rateLimits.consume(['assignmentMailsPerOwner', member.owner.id]);
    } catch (error) {
      // Spent: the host still has every run's link in the console.
      if (error instanceof HttpError && error.status === 429) break;
      throw error;
    }
    await sendRunToAssignee(deps, fork, run);
  }
}

const hasExpired = (member: TeamMember) =>
  Boolean(member.schedule_expires_at && member.schedule_expires_at <= new Date());

/** The member's working link for the host to share; null when none, revoked or expired (the host makes a new one). */
export function scheduleLinkOf(config: Config, member: TeamMember): string | null {
  if (!member.schedule_link_encrypted || member.schedule_revoked_at || hasExpired(member)) return null;
  return decryptLink(config.SECRET_KEY, member.schedule_link_encrypted);
}

/** The member a schedule token opens: unknown 404, revoked or expired 410 (the runner shows its Invalid Magic Link screen). */
export async function memberForToken(em: EntityManager, token: string | undefined): Promise<TeamMember> {
  if (!token || token.length > 200) throw notFound(scheduleMessages.invalid);
  const member = await em.findOne(TeamMember, { schedule_token_hash: hashToken(token) });
  if (!member) throw notFound(scheduleMessages.invalid);
  if (member.schedule_revoked_at) throw new HttpError(410, scheduleMessages.revoked);
  if (hasExpired(member)) throw new HttpError(410, scheduleMessages.expired);
  return member;
}

/** From the start of yesterday (a late run still shows) onwards. */
const SCHEDULE_FROM_MS = 24 * 3_600_000;

/** The member's open runs, soonest first, each with its magic link and the property's time zone. */
export async function scheduleOf(config: Config, em: EntityManager, token: string | undefined) {
  const member = await memberForToken(em, token);
  const runs = await em.find(
    Run,
    {
      assigned_to: member.id,
      status: { $in: ['pending', 'in_progress'] },
      link_revoked_at: null,
      $or: [{ due_at: null }, { due_at: { $gte: new Date(Date.now() - SCHEDULE_FROM_MS) } }],
    },
    { populate: ['property'], orderBy: { due_at: 'asc', created_at: 'asc' } },
  );
  return {
    member: { name: member.name },
    runs: runs.map((run) => ({
      id: run.id,
      property_name: run.property.name,
      address: run.property.address,
      access_code: run.property.access_code ?? null,
      notes: run.property.notes ?? null,
      type: run.type,
      status: run.status,
      checklist_name: run.checklist_name,
      due_at: run.due_at?.toISOString() ?? null,
      checkout_at: run.checkout_at?.toISOString() ?? null,
      timezone: run.property.timezone,
      link: decryptLink(config.SECRET_KEY, run.link_encrypted),
    })),
  };
}

const HOUR_MS = 3_600_000;

/** The same runs as an iCalendar feed (built with ical.js), for a phone's calendar to subscribe to. */
export async function scheduleIcs(config: Config, em: EntityManager, token: string | undefined): Promise<string> {
  const schedule = await scheduleOf(config, em, token);
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Turnproof//Cleaner schedule//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  // Names saved before control characters were stripped on input are stripped here too (I-N2).
  calendar.updatePropertyWithValue('x-wr-calname', withoutControlCharacters(`Turnproof: ${schedule.member.name}`));
  for (const run of schedule.runs) {
    if (!run.due_at) continue;
    const end = new Date(run.due_at);
    const start = run.checkout_at ? new Date(run.checkout_at) : new Date(end.getTime() - 2 * HOUR_MS);
    const event = new ICAL.Event(new ICAL.Component('vevent'));
    event.uid = `run-${run.id}@turnproof`;
    event.summary = withoutControlCharacters(`${run.checklist_name}: ${run.property_name}`);
    event.location = withoutControlCharacters(run.address);
    event.description = `Checklist: ${run.link}`;
    event.startDate = ICAL.Time.fromJSDate(start, true);
    event.endDate = ICAL.Time.fromJSDate(end, true);
    event.component.addPropertyWithValue('url', run.link);
    event.component.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
    calendar.addSubcomponent(event.component);
  }
  return calendar.toString();
}

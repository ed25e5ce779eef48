import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';
import { hostLanguage } from '../mail/host-language.ts';
import { pushOnce } from './push-once.ts';
import { PUSH_TEXTS } from './push-texts.ts';
import type { PushSender } from './web-push-sender.ts';

export interface HostPushDeps {
  push: PushSender | null;
  /** The run's page in the console. */
  runUrl: (runId: string) => string;
}

interface RunFacts {
  owner_id: string;
  property_name: string;
  timezone: string;
  due_at: Date | null;
}

async function runFacts(em: EntityManager, runId: string): Promise<RunFacts | undefined> {
  const [facts] = await em.getConnection().execute<RunFacts[]>(
    `select p.owner_id, p.name as property_name, p.timezone, r.due_at
     from runs r join properties p on p.id = r.property_id where r.id = ?`,
    [runId],
  );
  return facts;
}

export type HostEvent =
  | { kind: 'issues'; alertIds: readonly string[]; description: string }
  | { kind: 'completed' }
  | { kind: 'overdue' }
  | { kind: 'declined' }
  | { kind: 'guest_present'; alertId: string; reportedAt: Date }
  /** A reminder of the damage claim's deadline, once per reminder step (`leadMs` before the deadline). */
  | { kind: 'claim_deadline'; deadlineAt: Date; leadMs: number };

type Texts = (typeof PUSH_TEXTS)[Language];

/** The newest decline of the run: who said no (the timeline's row, keyed by the member). */
async function lastDecline(em: EntityManager, runId: string) {
  const [row] = await em.getConnection().execute<{ member_id: string; cleaner: string | null }[]>(
    `select key as member_id, params->>'cleaner' as cleaner from run_events
     where run_id = ? and kind = 'declined' order by created_at desc limit 1`,
    [runId],
  );
  return row;
}

/** The notification's once-key, title and body (and where a click goes, when not the run itself). */
async function hostNotice(
  em: EntityManager,
  runId: string,
  event: HostEvent,
  facts: RunFacts,
  texts: Texts,
  language: Language,
) {
  const property = facts.property_name;
  switch (event.kind) {
    case 'issues':
      return {
        key: `run/${runId}/issues/${event.alertIds.join(',')}`,
        title: texts.issue(property),
        body: event.alertIds.length === 1 ? event.description : texts.issues(event.alertIds.length),
        anchor: `#issue-${event.alertIds[0]}`,
      };
    case 'completed':
      return { key: `run/${runId}/completed`, title: texts.completed(property), body: texts.completedBody };
    case 'overdue': {
      const due = facts.due_at ? formatDateTime(facts.due_at, facts.timezone, language) : '';
      return { key: `run/${runId}/overdue`, title: texts.overdue(property), body: texts.overdueBody(due) };
    }
    case 'guest_present':
      return {
        key: `run/${runId}/guest-present/${event.alertId}`,
        title: texts.guestPresent(property),
        body: texts.guestPresentBody(formatDateTime(event.reportedAt, facts.timezone, language)),
        anchor: `#issue-${event.alertId}`,
      };
    case 'claim_deadline':
      return {
        key: `run/${runId}/claim-deadline/${event.leadMs}`,
        title: texts.claimDeadline(property),
        body: texts.claimDeadlineBody(formatDateTime(event.deadlineAt, facts.timezone, language)),
        anchor: '#claim-clock',
      };
    case 'declined': {
      const decline = await lastDecline(em, runId);
      if (!decline) return null;
      return {
        key: `run/${runId}/declined/${decline.member_id}`,
        title: texts.declined(property),
        body: texts.declinedBody(decline.cleaner ?? ''),
      };
    }
  }
}

/**
 * The host's browser notifications of a run's events, each once: high-severity issues, the run completed,
 * the run overdue, the cleaner declined, the guest still in the unit, a damage claim's deadline ahead. A click opens the run (at the first issue), in the console.
 */
export async function pushToHost(deps: HostPushDeps, em: EntityManager, runId: string, event: HostEvent) {
  if (!deps.push) return;
  const facts = await runFacts(em, runId);
  if (!facts) return;
  const language = await hostLanguage(em, facts.owner_id);
  const notice = await hostNotice(em, runId, event, facts, PUSH_TEXTS[language], language);
  if (!notice) return;
  await pushOnce(em, deps.push, { userId: facts.owner_id }, notice.key, {
    title: notice.title,
    body: notice.body,
    url: `${deps.runUrl(runId)}${notice.anchor ?? ''}`,
    tag: `run-${runId}-${event.kind}`,
  });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { isLanguage, type Language } from '@turnproof/config/languages';
import { appendCaptureEntries } from '@turnproof/db';
import { ownerDisplayName } from '@turnproof/platform/owner-name';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { enqueueDecline } from '../outbox/outbox-writes.ts';
import type { ReplyMeaning } from './reply-words.ts';
import { replyTexts } from './reply-texts.ts';

/** A cleaner's answer is to the newest question texted to the number in this long. */
const QUESTION_LIFETIME = '14 days';

interface OpenQuestion {
  run_id: string;
  owner_id: string;
  team_member_id: string;
  member_name: string;
  property_name: string;
  run_status: string;
  assigned_to: string | null;
  cleaner_language: string | null;
}

/** The newest message to this number that asked about a run, with the run as it is now. */
async function openQuestion(tx: EntityManager, number: string): Promise<OpenQuestion | null> {
  const [row] = await tx.getConnection().execute<OpenQuestion[]>(
    `select m.run_id, m.owner_id, m.team_member_id, t.name as member_name, p.name as property_name,
            r.status as run_status, r.assigned_to_id as assigned_to, r.cleaner_language
       from text_messages m
       join runs r on r.id = m.run_id
       join properties p on p.id = r.property_id
       join team_members t on t.id = m.team_member_id
      where m.to_number = ? and m.asks_reply and m.created_at > now() - interval '${QUESTION_LIFETIME}'
      order by m.created_at desc
      limit 1`,
    [number],
    'all',
    tx.getTransactionContext(),
  );
  return row ?? null;
}

/** A team member whose number this STOP opted out (the host is to be told). */
export interface OptedOutMember {
  id: string;
  name: string;
  owner_id: string;
}

/** The text to send back (none: Twilio answers itself), and who a STOP just opted out. */
export interface ReplyOutcome {
  reply: string | null;
  optedOut: OptedOutMember[];
}

const answer = (reply: string | null): ReplyOutcome => ({ reply, optedOut: [] });

/**
 * Acts on a cleaner's reply (in the caller's transaction) and answers the text to send back. Only
 * the cleaner the run is still assigned to can answer for it, and only while it has not started: a late
 * "2" from a cleaner the run was passed on from changes nothing. A yes or no counts once per cleaner.
 */
export async function answerReply(
  tx: EntityManager,
  number: string,
  meaning: ReplyMeaning | null,
  receivedAt: Date,
): Promise<ReplyOutcome> {
  const question = await openQuestion(tx, number);
  const language: Language = isLanguage(question?.cleaner_language) ? question.cleaner_language : 'en';
  const texts = replyTexts[language];
  if (meaning === 'help')
    return answer(texts.help(question ? await ownerDisplayName(tx, question.owner_id) : 'your host'));
  if (meaning === 'opt_out') {
    // Carriers require STOP to work at once, whichever host's team the number is on; Twilio confirms it itself.
    const optedOut = await tx.getConnection().execute<OptedOutMember[]>(
      `update team_members set sms_opted_out_at = now() where phone = ? and sms_opted_out_at is null
       returning id, name, owner_id`,
      [number],
      'all',
      tx.getTransactionContext(),
    );
    return { reply: null, optedOut };
  }
  if (meaning === 'opt_in') {
    await tx
      .getConnection()
      .execute(
        `update team_members set sms_opted_out_at = null where phone = ?`,
        [number],
        'run',
        tx.getTransactionContext(),
      );
    // A START hears who texts again.
    return answer(question ? texts.optedIn(await ownerDisplayName(tx, question.owner_id)) : null);
  }
  if (!question || question.run_status !== 'pending' || question.assigned_to !== question.team_member_id) {
    return answer(texts.nothingOpen);
  }
  const { run_id: runId, member_name: name, property_name: property } = question;
  if (!meaning) return answer(texts.askAgain(property));
  const kind = meaning === 'accept' ? 'accepted' : 'declined';
  const recorded = await recordRunEvent(
    tx,
    runId,
    kind,
    { code: `${kind}_by_text`, params: { cleaner: name }, detail: `${name} ${kind} by text.` },
    question.team_member_id,
  );
  if (recorded) {
    await appendCaptureEntries(tx, runId, [
      {
        kind: meaning === 'accept' ? 'run_accepted' : 'run_declined',
        payload: {
          team_member_id: question.team_member_id,
          channel: number.startsWith('whatsapp:') ? 'whatsapp' : 'sms',
        },
        deviceTime: null,
        devicePosition: null,
        receivedAt,
      },
    ]);
    if (meaning === 'decline') await enqueueDecline(tx, runId);
  }
  return answer(
    meaning === 'accept'
      ? texts.accepted(property)
      : texts.declined(property, await ownerDisplayName(tx, question.owner_id)),
  );
}

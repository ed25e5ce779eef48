import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDateTime } from '@turnproof/config/time-format';
import { cleanerLanguage } from '../mail/cleaner-language.ts';
import { linkTag } from '../messaging/member-text.ts';
import { pushOnce } from './push-once.ts';
import { PUSH_TEXTS } from './push-texts.ts';
import type { PushSender } from './web-push-sender.ts';

export interface NewJob {
  runId: string;
  ownerId: string;
  memberId: string;
  propertyName: string;
  dueAt: Date | null;
  timeZone: string;
  /** The run's magic link: a click on the notification opens the run. */
  magicLink: string;
}

/**
 * "New job: <property>" on the browsers where the assigned cleaner allowed notifications, in their
 * language, the due time in the property's zone. Once per link: a new link (after a revocation) is news.
 */
export async function pushNewJob(push: PushSender | null, em: EntityManager, job: NewJob) {
  if (!push) return;
  const language = await cleanerLanguage(em, { memberId: job.memberId, ownerId: job.ownerId, newRunId: job.runId });
  const texts = PUSH_TEXTS[language];
  const key = `run/${job.runId}/assigned/${job.memberId}/${linkTag(job.magicLink)}`;
  await pushOnce(em, push, { teamMemberId: job.memberId }, key, {
    title: texts.newJob(job.propertyName),
    body: job.dueAt ? texts.newJobDue(formatDateTime(job.dueAt, job.timeZone, language)) : texts.newJobAnytime,
    url: job.magicLink,
    tag: `run-${job.runId}-assigned`,
  });
}

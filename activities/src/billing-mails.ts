import type { MailMessage } from './mailer.ts';

/** The e-mails about trials, usage and promo credits, in one place so their wording is easy to find. */

const day = (at: Date) => at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const trialNotices = {
  expiring: { title: 'Trial Expiring', left: '3 days' },
  ending_soon: { title: 'Trial Ending Soon!', left: '1 day' },
} as const;

export function trialNoticeMail(
  to: string,
  notice: keyof typeof trialNotices,
  trial: { endsAt: Date; plansUrl: string },
): MailMessage {
  const { title, left } = trialNotices[notice];
  return {
    to,
    subject: `${title} (${left} left of your Turnproof trial)`,
    text: [
      `${title}: your free trial of Turnproof ends on ${day(trial.endsAt)} (${left} left).`,
      'After that, properties, checklists and reports need a plan. Pick one to keep your work flowing:',
      '',
      trial.plansUrl,
    ].join('\n'),
  };
}

const usageNotices = {
  approaching: {
    subject: 'Approaching report limit',
    text: 'You have used 80% of the reports your plan gives you this month.',
  },
  limit_reached: {
    subject: 'Report limit reached',
    text: 'You have reached your limit. Upgrade to continue: reports of completed runs are held until you do, and are made as soon as you upgrade.',
  },
} as const;

export function usageNoticeMail(to: string, notice: keyof typeof usageNotices, plansUrl: string): MailMessage {
  const { subject, text } = usageNotices[notice];
  return { to, subject, text: [text, '', `Plans and usage: ${plansUrl}`].join('\n') };
}

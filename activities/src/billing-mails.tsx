/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { type PlanKey, PLANS } from '@turnproof/config';
import { formatDateTime } from '@turnproof/config/time-format';
import type { MailMessage } from '@turnproof/platform/mailer';
import { Button, MailLayout, renderMail, Text, Url } from '@turnproof/platform/mail';
import { LIMIT_UPGRADE_MESSAGE } from '@turnproof/platform/usage-rules';

/** The e-mails about trials, usage, promo credits and failed payments, in one place so their wording is easy to find. */

const trialNotices = {
  expiring: { title: 'Trial Expiring', left: '3 days' },
  ending_soon: { title: 'Trial Ending Soon!', left: '1 day' },
} as const;

export function trialNoticeMail(
  to: string,
  notice: keyof typeof trialNotices,
  /** `timeZone`: the owner's (account-level times have no property). */
  trial: { endsAt: Date; plansUrl: string; timeZone: string },
): MailMessage {
  const { title, left } = trialNotices[notice];
  const sentence = `${title}: your free trial of Turnproof ends on ${formatDateTime(trial.endsAt, trial.timeZone)} (${left} left).`;
  return {
    to,
    subject: `${title} (${left} left of your Turnproof trial)`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>After that, properties, checklists and reports need a plan. Pick one to keep your work flowing:</Text>
        <Text>
          <Url href={trial.plansUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}

const usageNotices = {
  approaching: {
    subject: 'Approaching report limit',
    text: 'You have used 80% of the reports your plan gives you this month.',
  },
  limit_reached: {
    subject: 'Report limit reached',
    text: `${LIMIT_UPGRADE_MESSAGE} Reports of completed runs are held until you do, and are made as soon as you upgrade.`,
  },
} as const;

export function usageNoticeMail(to: string, notice: keyof typeof usageNotices, plansUrl: string): MailMessage {
  const { subject, text } = usageNotices[notice];
  return {
    to,
    subject,
    ...renderMail(
      <MailLayout preview={text}>
        <Text>{text}</Text>
        <Text>
          Plans and usage: <Url href={plansUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}

export function paymentFailedMail(
  to: string,
  planKey: PlanKey,
  graceEndsAt: Date,
  billingUrl: string,
  timeZone: string,
): MailMessage {
  const plan = PLANS[planKey].name;
  const sentence = `We could not collect the payment for your Turnproof ${plan} plan.`;
  return {
    to,
    subject: `Payment failed: update your card to keep Turnproof ${plan}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>
          Your plan stays active until {formatDateTime(graceEndsAt, timeZone)}; after that your account moves to Flex
          (10 reports a month at $2.00 each).
        </Text>
        <Button href={billingUrl}>Update your payment method</Button>
      </MailLayout>,
    ),
  };
}

export function downgradedMail(to: string, planKey: PlanKey, billingUrl: string): MailMessage {
  const sentence = `The payment for your Turnproof ${PLANS[planKey].name} plan is still outstanding, so your account moved to Flex.`;
  return {
    to,
    subject: `Your Turnproof plan is now Flex`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>Flex gives you up to 10 reports a month at $2.00 each and keeps photos for 30 days.</Text>
        <Text>
          Choose a plan again: <Url href={billingUrl} />
        </Text>
      </MailLayout>,
    ),
  };
}

import { type PlanKey, PLANS } from '@turnproof/config';
import type { MailMessage } from '../mailer.ts';

/** The dunning e-mails of the billing workflow, in one place so their wording is easy to find. */

const day = (at: Date) => at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function paymentFailedMail(to: string, planKey: PlanKey, graceEndsAt: Date, billingUrl: string): MailMessage {
  const plan = PLANS[planKey].name;
  return {
    to,
    subject: `Payment failed: update your card to keep Turnproof ${plan}`,
    text: [
      `We could not collect the payment for your Turnproof ${plan} plan.`,
      `Your plan stays active until ${day(graceEndsAt)}; after that your account moves to Flex (10 reports a month at $2.00 each).`,
      '',
      `Update your payment method: ${billingUrl}`,
    ].join('\n'),
  };
}

export function downgradedMail(to: string, planKey: PlanKey, billingUrl: string): MailMessage {
  return {
    to,
    subject: `Your Turnproof plan is now Flex`,
    text: [
      `The payment for your Turnproof ${PLANS[planKey].name} plan is still outstanding, so your account moved to Flex.`,
      'Flex gives you up to 10 reports a month at $2.00 each and keeps photos for 30 days.',
      '',
      `Choose a plan again: ${billingUrl}`,
    ].join('\n'),
  };
}

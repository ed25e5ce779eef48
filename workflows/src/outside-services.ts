import type { ActivityOptions } from '@temporalio/workflow';

/**
 * For activities that call a service outside our control (SMTP, Stripe, media storage, calendar feeds):
 * an outage of minutes or hours is waited out (capped back-off, no attempt cap) up to a deadline in
 * days; an answer that retrying cannot change (a refused address: `MailRefused`) fails at once.
 */
export const outsideServiceOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '3 days',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: ['MailRefused'],
  },
};

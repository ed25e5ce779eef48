import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import type { Stripe } from '@turnproof/platform/stripe';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import type { BillingDurations, CalendarDurations, Config, RunDurations, TrialDurations } from '@turnproof/config';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { RateLimits } from './auth/rate-limits.ts';
import type { HttpMetrics } from './http/metrics.ts';
import type { OutboxRelay } from './outbox/outbox-relay.ts';

/** What the API needs from the outside world; main.ts builds the real ones, tests build their own. */
export interface AppDeps {
  config: Config;
  orm: MikroORM;
  temporal: Client;
  mailer: Mailer;
  rateLimits: RateLimits;
  logger: Logger;
  storage: MediaStorage;
  /** Hands what requests recorded for the runs' workflows (starts, progress, issues) to Temporal. */
  outbox: OutboxRelay;
  /** Timers of new runs' workflows; production values unless a test passes seconds. */
  runDurations?: RunDurations;
  /** Length and reminders of new users' trials; production values unless a test passes seconds. */
  trialDurations?: TrialDurations;
  /** How long promo credits last; 90 days unless a test passes seconds. */
  promoCreditLifetimeMs?: number;
  /** Null when STRIPE_SECRET_KEY is not set: the Stripe endpoints then answer 503. */
  stripe: Stripe | null;
  /** Null when Twilio is not configured: cleaners then get e-mail only. */
  texts: TextSender | null;
  /** Null when VAPID keys are not configured: browser notifications are off. */
  push: PushSender | null;
  /** Timers of new billing workflows; production values unless a test passes seconds. */
  billingDurations?: BillingDurations;
  /** Timers of new calendar workflows; from the environment unless a test passes seconds. */
  calendarDurations?: CalendarDurations;
  /** How long a run's public verification is reused before its stored files are hashed again; 10 minutes unless a test says. */
  verificationRecheckMs?: number;
  /** How long a data export waits for a reader that takes nothing before it is cut off; a minute unless a test says. */
  exportIdleTimeoutMs?: number;
  /** Prometheus series of the requests; main.ts serves them on METRICS_PORT. */
  metrics?: HttpMetrics;
}

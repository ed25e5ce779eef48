import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/activities/mailer';
import type { MediaStorage } from '@turnproof/activities/media-storage';
import type { Stripe } from '@turnproof/activities/stripe';
import type { BillingDurations, Config, RunDurations, TrialDurations } from '@turnproof/config';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { RateLimits } from './auth/rate-limits.ts';
import type { ProgressSignals } from './public/progress-signals.ts';

/** What the API needs from the outside world; main.ts builds the real ones, tests build their own. */
export interface AppDeps {
  config: Config;
  orm: MikroORM;
  temporal: Client;
  mailer: Mailer;
  rateLimits: RateLimits;
  logger: Logger;
  storage: MediaStorage;
  /** Task progress on its way to the runs' workflows, sent after each answer. */
  progress: ProgressSignals;
  /** Timers of new runs' workflows; production values unless a test passes seconds. */
  runDurations?: RunDurations;
  /** Null when STRIPE_SECRET_KEY is not set: the Stripe endpoints then answer 503. */
  stripe: Stripe | null;
  /** Timers of new billing workflows; production values unless a test passes seconds. */
  billingDurations?: BillingDurations;
  /** Length and reminders of new users' trials; production values unless a test passes seconds. */
  trialDurations?: TrialDurations;
  /** How long promo credits last; 90 days unless a test passes seconds. */
  promoCreditLifetimeMs?: number;
}

import { ASSIGNMENT_MAILS_PER_OWNER } from '@turnproof/platform/owner-mail-budget';
import { POOL_CONNECT_TIMEOUT_MS, survivePoolErrors } from '@turnproof/db';
import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { BudgetBatches, type Spend, type Spent } from './budget-batches.ts';

export interface Limit {
  points: number;
  durationSeconds: number;
}

/** Per-IP and per-e-mail budgets; tests pass smaller or larger ones. */
export interface RateLimitSettings {
  /** Wrong passwords for one account from browsers that never signed in to it. */
  signInFailuresPerEmail: Limit;
  /** Wrong passwords for one account from a browser that signed in to it before (its device cookie). */
  signInFailuresPerDevice: Limit;
  signInFailuresPerIp: Limit;
  signUpPerIp: Limit;
  signUpPerEmail: Limit;
  resetPerEmail: Limit;
  resetPerIp: Limit;
  /** Wrong current passwords typed to change the password or delete the account, per signed-in user. */
  reauthFailuresPerUser: Limit;
  contactPerIp: Limit;
  contactPerEmail: Limit;
  demoRunsPerIp: Limit;
  /** Preview cards drawn (not served from the cache) per address. */
  ogImageRendersPerIp: Limit;
  /** Demo runs opened by everyone together: what anonymous visitors may cost the worker in a day. */
  demoRunsPerDay: Limit;
  /** Public verification pages and PDF checks per address (IPv6 by /64). */
  verificationsPerIp: Limit;
  /** Owners' actions that cost the shared worker or send mail (trust and safety). */
  reportRegenerationsPerRun: Limit;
  invitationMailsPerOwner: Limit;
  assignmentMailsPerOwner: Limit;
  /** "Sync now" of booking calendars: each fetches feeds and reconciles runs on the shared worker. */
  calendarSyncsPerOwner: Limit;
  /** Requests to /api/public/* through one magic or schedule link, and from one address. */
  publicRequestsPerLink: Limit;
  publicRequestsPerIp: Limit;
  /** Damage-claim PDFs printed on the shared worker (a stored pack is served without printing). */
  claimPacksPerOwner: Limit;
  /** Requests to /api/v1 with one API key (its answers carry RateLimit-* headers). */
  requestsPerApiKey: Limit;
}

export const defaultRateLimits: RateLimitSettings = {
  signInFailuresPerEmail: { points: 10, durationSeconds: 15 * 60 },
  signInFailuresPerDevice: { points: 10, durationSeconds: 15 * 60 },
  signInFailuresPerIp: { points: 50, durationSeconds: 15 * 60 },
  signUpPerIp: { points: 20, durationSeconds: 60 * 60 },
  signUpPerEmail: { points: 5, durationSeconds: 60 * 60 },
  resetPerEmail: { points: 5, durationSeconds: 60 * 60 },
  resetPerIp: { points: 20, durationSeconds: 60 * 60 },
  reauthFailuresPerUser: { points: 5, durationSeconds: 15 * 60 },
  contactPerIp: { points: 5, durationSeconds: 60 * 60 },
  contactPerEmail: { points: 5, durationSeconds: 60 * 60 },
  demoRunsPerIp: { points: 5, durationSeconds: 24 * 60 * 60 },
  // A crawler draws each page's card once; a loop of distinct paths is not a crawler.
  ogImageRendersPerIp: { points: 120, durationSeconds: 60 * 60 },
  demoRunsPerDay: { points: 500, durationSeconds: 24 * 60 * 60 },
  // A QR code scan is one page; an insurer checking a pile of reports stays well under this.
  verificationsPerIp: { points: 120, durationSeconds: 60 * 60 },
  // Each regeneration renders every photo of the run in Chromium on the shared worker.
  reportRegenerationsPerRun: { points: 5, durationSeconds: 60 * 60 },
  // Invitation and assignment mails go to addresses the owner types: a budget keeps us from being a spam relay.
  invitationMailsPerOwner: { points: 20, durationSeconds: 60 * 60 },
  // Shared with the worker, which spends it on calendar, cancellation and hand-over mails.
  assignmentMailsPerOwner: ASSIGNMENT_MAILS_PER_OWNER,
  // The calendars sync every 15 minutes on their own; "Sync now" is for the odd change seen at once.
  calendarSyncsPerOwner: { points: 10, durationSeconds: 15 * 60 },
  // A whole run flushed from a phone's offline queue at once: 300 photos (reserve, PUT, confirm each), up to
  // 1,000 task updates, issues and the completion, with room to spare. Per address, several cleaners behind
  // one network (an office, a carrier's NAT) together.
  publicRequestsPerLink: { points: 3_000, durationSeconds: 10 * 60 },
  publicRequestsPerIp: { points: 10_000, durationSeconds: 10 * 60 },
  // A pack is printed again only when its run's evidence or report changed.
  claimPacksPerOwner: { points: 10, durationSeconds: 60 * 60 },
  // A sync job paging through 50,000 runs at 50 a page stays under it; a runaway loop does not.
  requestsPerApiKey: { points: 600, durationSeconds: 60 },
};

type LimiterName = keyof RateLimitSettings;
export type Budget = [LimiterName, string];

/** One point of a budget to spend, with the budget's points: past them the point is refused. */
export interface BudgetPoint extends Spend {
  limit: number;
}

/** Each budget's refusal: its code (the console says it in the host's language) and English sentence. */
const refusals: Record<LimiterName, { code: string; sentence: string }> = {
  signInFailuresPerEmail: {
    code: 'too_many_sign_in_failures',
    sentence: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  },
  signInFailuresPerDevice: {
    code: 'too_many_sign_in_failures',
    sentence: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  },
  signInFailuresPerIp: {
    code: 'too_many_sign_in_failures',
    sentence: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  },
  signUpPerIp: { code: 'too_many_sign_ups', sentence: 'Too many sign-up attempts. Please wait {wait} and try again.' },
  signUpPerEmail: {
    code: 'too_many_sign_ups',
    sentence: 'Too many sign-up attempts. Please wait {wait} and try again.',
  },
  resetPerEmail: {
    code: 'too_many_reset_requests',
    sentence: 'Too many password reset requests. Please wait {wait} and try again.',
  },
  resetPerIp: {
    code: 'too_many_reset_requests',
    sentence: 'Too many password reset requests. Please wait {wait} and try again.',
  },
  reauthFailuresPerUser: {
    code: 'too_many_wrong_passwords',
    sentence: 'Too many wrong passwords. Please wait {wait} and try again.',
  },
  contactPerIp: {
    code: 'too_many_contact_messages',
    sentence: 'You have sent several messages in a short time. Please wait {wait} and try again.',
  },
  contactPerEmail: {
    code: 'too_many_contact_messages',
    sentence: 'You have sent several messages in a short time. Please wait {wait} and try again.',
  },
  demoRunsPerIp: {
    code: 'too_many_demo_runs',
    sentence: 'You have opened several demo runs today. Please wait {wait} and try again, or start a free trial.',
  },
  ogImageRendersPerIp: {
    code: 'too_many_preview_images',
    sentence: 'Too many preview images requested. Please wait {wait} and try again.',
  },
  demoRunsPerDay: {
    code: 'demo_busy',
    sentence: 'The demo is busy today. Please come back tomorrow, or start a free trial.',
  },
  verificationsPerIp: {
    code: 'too_many_verifications',
    sentence: 'Too many verifications from your address. Please wait {wait} and try again.',
  },
  reportRegenerationsPerRun: {
    code: 'too_many_report_regenerations',
    sentence: 'Too many report regenerations for this inspection. Please wait {wait} and try again.',
  },
  invitationMailsPerOwner: {
    code: 'too_many_invitation_mails',
    sentence: 'Too many invitation e-mails sent. Please wait {wait} and try again.',
  },
  assignmentMailsPerOwner: {
    code: 'too_many_assignment_mails',
    sentence: 'Too many assignment e-mails sent. Please wait {wait} and try again.',
  },
  calendarSyncsPerOwner: {
    code: 'too_many_calendar_syncs',
    sentence: 'Too many calendar syncs in a short time. Please wait {wait} and try again.',
  },
  publicRequestsPerLink: {
    code: 'too_many_link_requests',
    sentence: 'Too many requests through this link. Please wait {wait} and try again.',
  },
  publicRequestsPerIp: {
    code: 'too_many_network_requests',
    sentence: 'Too many requests from your network. Please wait {wait} and try again.',
  },
  claimPacksPerOwner: {
    code: 'too_many_claim_packs',
    sentence: 'Too many damage-claim packs in a short time. Please wait {wait} and try again.',
  },
  requestsPerApiKey: {
    code: 'rate_limited',
    sentence: 'Too many requests with this API key. Please wait {wait} and try again.',
  },
};

/** A budget's state after a request spent a point of it, for the RateLimit-* headers. */
export interface Meter {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** The IETF draft's RateLimit-Limit, -Remaining and -Reset (seconds) of a budget. */
export const rateLimitHeaders = (meter: Meter): Record<string, string> => ({
  'RateLimit-Limit': String(meter.limit),
  'RateLimit-Remaining': String(meter.remaining),
  'RateLimit-Reset': String(meter.resetSeconds),
});

const waitMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function humanWait(seconds: number): string {
  const minutes = waitMinutes(seconds);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

/** Counters live in PostgreSQL so that every API process shares them. */
export class RateLimits {
  private readonly pool: pg.Pool;
  private readonly limiters: Record<LimiterName, RateLimiterPostgres>;
  private readonly batches: BudgetBatches;

  constructor(databaseUrl: string, settings: Partial<RateLimitSettings> = {}) {
    this.pool = survivePoolErrors(
      new pg.Pool({
        connectionString: databaseUrl,
        max: 4,
        connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
        // A counter's commit need not wait for the disk: after a database crash a budget may have
        // forgotten its last fraction of a second of points, while every request stops paying a disk
        // flush (the slowest step of the public API's requests) before its own write. Still atomic.
        options: '-c synchronous_commit=off',
      }),
    );
    const entries = Object.entries({ ...defaultRateLimits, ...settings }).map(([name, limit]) => [
      name,
      new RateLimiterPostgres({
        storeClient: this.pool,
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: name,
        points: limit.points,
        duration: limit.durationSeconds,
      }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<LimiterName, RateLimiterPostgres>;
    this.batches = new BudgetBatches(this.pool);
  }

  /**
   * Spends one point of each named budget for its key; answers 429 once any is spent. Spending comes
   * first, even for attempts that may turn out right (then `refund`): the counter is incremented
   * atomically, so a parallel burst can never get more than the budget past this line. The points of
   * one call are spent together (one statement with other requests' points, see BudgetBatches); when a
   * budget refuses, the ones after it get their point back, as if they had been spent one by one (a
   * visitor refused by their own limit does not use up the shared daily cap).
   */
  async consume(...checks: Budget[]): Promise<void> {
    await this.settle(checks, await this.batches.spend(this.pointsOf(checks)));
  }

  /**
   * The points of a `consume` to spend in another statement (a tick's, see task-action-statement.ts),
   * each with its budget's size; `settle` then answers as `consume` does.
   */
  pointsOf(checks: Budget[]): BudgetPoint[] {
    return checks.map(([name, key]) => ({ ...this.spendOf(name, key), limit: this.limiters[name].points }));
  }

  /** After the points of `checks` were spent, in their order: the 429 and refunds of `consume`. */
  async settle(checks: Budget[], spent: Spent[]): Promise<void> {
    const refusedAt = checks.findIndex(([name], i) => this.refused(name, spent[i]!));
    if (refusedAt === -1) return;
    await this.refund(...checks.slice(refusedAt + 1));
    throw this.refusal(checks[refusedAt]![0], spent[refusedAt]!.msBeforeNext / 1000);
  }

  /**
   * Spends one point of the budget like `consume` and says what is left; a refusal (429) carries the
   * same RateLimit-* headers beside its Retry-After.
   */
  async meter(name: LimiterName, key: string): Promise<Meter> {
    const [spent] = await this.batches.spend([this.spendOf(name, key)]);
    const limit = this.limiters[name].points;
    const meter: Meter = {
      limit,
      remaining: Math.max(0, limit - spent!.consumedPoints),
      resetSeconds: Math.max(1, Math.ceil(spent!.msBeforeNext / 1000)),
    };
    if (!this.refused(name, spent!)) return meter;
    const refusal = this.refusal(name, meter.resetSeconds);
    throw new HttpError(
      429,
      refusal.message,
      { ...refusal.headers, ...rateLimitHeaders(meter) },
      refusal.code,
      refusal.params,
    );
  }

  /** Gives back the point an attempt spent once it proved right. */
  async refund(...checks: Budget[]): Promise<void> {
    await Promise.all(checks.map(([name, key]) => this.limiters[name].reward(key.toLowerCase(), 1)));
  }

  /** Forgets every failure counted against the key (the account's owner proved who they are). */
  async forgive(name: LimiterName, key: string): Promise<void> {
    await this.limiters[name].delete(key.toLowerCase());
  }

  private spendOf(name: LimiterName, key: string): Spend {
    const limiter = this.limiters[name];
    return { row: limiter.getKey(key.toLowerCase()), durationMs: limiter.duration * 1000 };
  }

  private refused(name: LimiterName, spent: Spent): boolean {
    return spent.consumedPoints > this.limiters[name].points;
  }

  private refusal(name: LimiterName, waitSeconds: number): HttpError {
    const { code, sentence } = refusals[name];
    return tooManyRequests(sentence.replace('{wait}', humanWait(waitSeconds)), waitSeconds, code, {
      count: waitMinutes(waitSeconds),
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.ts';

export interface Limit {
  points: number;
  durationSeconds: number;
}

/** Per-IP and per-e-mail budgets; tests pass smaller or larger ones. */
export interface RateLimitSettings {
  signInFailuresPerEmail: Limit;
  signInFailuresPerIp: Limit;
  signUpPerIp: Limit;
  signUpPerEmail: Limit;
  resetPerEmail: Limit;
  resetPerIp: Limit;
}

export const defaultRateLimits: RateLimitSettings = {
  signInFailuresPerEmail: { points: 10, durationSeconds: 15 * 60 },
  signInFailuresPerIp: { points: 50, durationSeconds: 15 * 60 },
  signUpPerIp: { points: 20, durationSeconds: 60 * 60 },
  signUpPerEmail: { points: 5, durationSeconds: 60 * 60 },
  resetPerEmail: { points: 5, durationSeconds: 60 * 60 },
  resetPerIp: { points: 20, durationSeconds: 60 * 60 },
};

type LimiterName = keyof RateLimitSettings;

const messages: Record<LimiterName, string> = {
  signInFailuresPerEmail: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  signInFailuresPerIp: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  signUpPerIp: 'Too many sign-up attempts. Please wait {wait} and try again.',
  signUpPerEmail: 'Too many sign-up attempts. Please wait {wait} and try again.',
  resetPerEmail: 'Too many password reset requests. Please wait {wait} and try again.',
  resetPerIp: 'Too many password reset requests. Please wait {wait} and try again.',
};

function humanWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** Counters live in PostgreSQL so that every API process shares them. */
export class RateLimits {
  private readonly pool: pg.Pool;
  private readonly limiters: Record<LimiterName, RateLimiterPostgres>;

  constructor(databaseUrl: string, settings: RateLimitSettings = defaultRateLimits) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const entries = Object.entries(settings).map(([name, limit]) => [
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
  }

  /** Spends one point of each named budget for its key; answers 429 once any is spent. */
  async consume(...checks: [LimiterName, string][]): Promise<void> {
    for (const [name, key] of checks) {
      try {
        await this.limiters[name].consume(key.toLowerCase());
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const waitSeconds = rejection.msBeforeNext / 1000;
          throw tooManyRequests(messages[name].replace('{wait}', humanWait(waitSeconds)), waitSeconds);
        }
        throw rejection;
      }
    }
  }

  /** Refuses when a budget is already spent, without spending (failed sign-ins are only counted on failure). */
  async ensureAvailable(...checks: [LimiterName, string][]): Promise<void> {
    for (const [name, key] of checks) {
      const state = await this.limiters[name].get(key.toLowerCase());
      if (state && state.consumedPoints >= this.limiters[name].points) {
        const waitSeconds = state.msBeforeNext / 1000;
        throw tooManyRequests(messages[name].replace('{wait}', humanWait(waitSeconds)), waitSeconds);
      }
    }
  }

  async reward(name: LimiterName, key: string): Promise<void> {
    await this.limiters[name].delete(key.toLowerCase());
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

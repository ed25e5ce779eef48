import { TZDate } from '@date-fns/tz';

/** Booking platforms whose claim windows we know; anything else gets the default rule. */
export const CLAIM_PLATFORMS = ['airbnb', 'unknown'] as const;
export type ClaimPlatform = (typeof CLAIM_PLATFORMS)[number];

export interface ClaimRule {
  platform: ClaimPlatform;
  /** The rule as the console and the claim PDF name it. */
  name: string;
  windowDays: number;
  /** Whether the next guest's check-in ends the window when it comes first. */
  endsAtNextCheckIn: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Airbnb's AirCover for Hosts: a damage claim is filed within 14 days of checkout or before the next guest
 * checks in, whichever is first. A platform we cannot tell gets the same, strictest window, so a host who
 * follows it is never late on any platform.
 */
export const CLAIM_RULES: Record<ClaimPlatform, ClaimRule> = {
  airbnb: {
    platform: 'airbnb',
    name: 'Airbnb: 14 days after checkout or before the next check-in, whichever is first',
    windowDays: 14,
    endsAtNextCheckIn: true,
  },
  unknown: {
    platform: 'unknown',
    name: 'Default (platform unknown): 14 days after checkout or before the next check-in, whichever is first',
    windowDays: 14,
    endsAtNextCheckIn: true,
  },
};

/** The platform of a booking feed, by its host name (`www.airbnb.com`, `airbnb.fr`, …) or an Airbnb UID. */
export function platformOfFeed(url: string): ClaimPlatform {
  try {
    return /(^|\.)airbnb\.[a-z.]+$/i.test(new URL(url).hostname) ? 'airbnb' : 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface ClaimDeadline {
  rule: ClaimRule;
  checkoutAt: Date;
  nextCheckInAt: Date | null;
  deadlineAt: Date;
  /** What set the deadline: the window after checkout, or the next guest's check-in. */
  basis: 'window' | 'next_check_in';
}

/** The last moment to file a claim under `rule`, from the checkout and the next check-in (if one is known). */
export function claimDeadline(rule: ClaimRule, checkoutAt: Date, nextCheckInAt: Date | null): ClaimDeadline {
  const windowEnd = new Date(checkoutAt.getTime() + rule.windowDays * DAY_MS);
  const checkInFirst = rule.endsAtNextCheckIn && nextCheckInAt !== null && nextCheckInAt < windowEnd;
  return {
    rule,
    checkoutAt,
    nextCheckInAt,
    deadlineAt: checkInFirst ? nextCheckInAt : windowEnd,
    basis: checkInFirst ? 'next_check_in' : 'window',
  };
}

/** Whole days left until the deadline, counted as calendar days in the property's zone (0 on its last day). */
export function claimDaysLeft(deadlineAt: Date, now: Date, timeZone: string): number {
  const day = (at: Date) => {
    const local = new TZDate(at.getTime(), timeZone);
    return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  };
  return Math.round((day(deadlineAt) - day(now)) / DAY_MS);
}

import { describe, expect, it } from 'vitest';
import { decideAccess, type BillingState } from '@turnproof/platform/owner-access';
import { mayUse } from '../../src/access/access-guards.ts';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-11-29T12:00:00Z');
const earlier = new Date('2026-11-15T12:00:00Z');
const base: BillingState = {
  isAdmin: false,
  planKey: 'flex',
  planStatus: 'none',
  trialEndsAt: null,
  graceEndsAt: null,
  currentPeriodEnd: null,
};

describe('decideAccess', () => {
  it('without a plan or trial: no tier (onboarding), flex limits, no analytics', () => {
    const access = decideAccess(base, now);
    expect(access).toMatchObject({ subscribed: false, onTrial: false, tier: null, limits: { maxProperties: 3 } });
    expect(mayUse(access, 'analytics')).toBe(false);
  });

  it('a running trial is professional access with the pro limits; an ended one is nothing', () => {
    const trial = decideAccess({ ...base, trialEndsAt: later }, now);
    expect(trial).toMatchObject({ onTrial: true, subscribed: false, tier: 'professional' });
    expect(trial.limits).toEqual({ maxProperties: 50, maxTeamMembers: 25, monthlyTexts: 400 });
    expect(mayUse(trial, 'analytics')).toBe(true);
    expect(decideAccess({ ...base, trialEndsAt: earlier }, now).tier).toBeNull();
  });

  it('maps each plan to its tier and limits; a plan ends the trial', () => {
    const expected = {
      flex: ['starter', 3],
      starter: ['starter', 10],
      pro: ['professional', 50],
      team: ['enterprise', null],
    } as const;
    for (const [planKey, [tier, maxProperties]] of Object.entries(expected)) {
      const access = decideAccess(
        { ...base, planKey: planKey as BillingState['planKey'], planStatus: 'active', trialEndsAt: later },
        now,
      );
      expect(access).toMatchObject({ subscribed: true, onTrial: false, tier, limits: { maxProperties } });
    }
    expect(mayUse(decideAccess({ ...base, planKey: 'starter', planStatus: 'active' }, now), 'analytics')).toBe(false);
  });

  it('keeps the paid plan during the grace after a failed payment, then falls to flex', () => {
    const inGrace = decideAccess({ ...base, planKey: 'pro', planStatus: 'past_due', graceEndsAt: later }, now);
    expect(inGrace).toMatchObject({ subscribed: true, planKey: 'pro', tier: 'professional', graceEnd: later });
    const afterGrace = decideAccess({ ...base, planKey: 'pro', planStatus: 'past_due', graceEndsAt: earlier }, now);
    expect(afterGrace).toMatchObject({ subscribed: true, planKey: 'flex', tier: 'starter', graceEnd: null });
  });

  it('gives admins everything', () => {
    const access = decideAccess({ ...base, isAdmin: true }, now);
    expect(access).toMatchObject({ isAdmin: true, subscribed: true, tier: 'enterprise' });
    expect(access.limits).toEqual({ maxProperties: null, maxTeamMembers: null, monthlyTexts: null });
  });
});

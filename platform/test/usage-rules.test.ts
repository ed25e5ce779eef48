import { overageCents, PLANS } from '@turnproof/config';
import { describe, expect, it } from 'vitest';
import { chargeReport } from '../src/usage-rules.ts';

describe('chargeReport', () => {
  it('pays with included reports first, then overage at the plan rate', () => {
    expect(chargeReport(PLANS.starter, 0)).toEqual({ held: false, paidBy: 'included', notice: null });
    expect(chargeReport(PLANS.starter, 14)).toEqual({ held: false, paidBy: 'included', notice: null });
    expect(chargeReport(PLANS.starter, 15)).toEqual({ held: false, paidBy: 'overage', notice: null });
    expect(overageCents(PLANS.starter, 18)).toBe(3 * 150);
    expect(overageCents(PLANS.team, 81)).toBe(80);
  });

  it('warns with the report that reaches 80 % of the included reports or of the flex cap', () => {
    expect(chargeReport(PLANS.starter, 11).notice).toBe('approaching');
    expect(chargeReport(PLANS.pro, 31).notice).toBe('approaching');
    expect(chargeReport(PLANS.pro, 32).notice).toBeNull();
    expect(chargeReport(PLANS.flex, 7)).toEqual({ held: false, paidBy: 'overage', notice: 'approaching' });
  });

  it("holds a flex owner's 11th report of the month", () => {
    expect(chargeReport(PLANS.flex, 9).held).toBe(false);
    expect(chargeReport(PLANS.flex, 10)).toEqual({ held: true, paidBy: null, notice: 'limit_reached' });
  });
});

import type { Plan } from '@turnproof/config';

/** Share of the plan's reports at which the owner is warned ('Approaching report limit'). */
export const USAGE_WARNING_SHARE = 0.8;
export const REPORT_LIMIT_REACHED = 'Report limit reached';
/** The spec's sentence when usage is at its limit. */
export const LIMIT_UPGRADE_MESSAGE = 'You have reached your limit. Upgrade to continue.';

export type UsageNotice = 'approaching' | 'limit_reached';

export type ReportCharge =
  | { held: false; paidBy: 'included' | 'overage'; notice: UsageNotice | null }
  | { held: true; paidBy: null; notice: 'limit_reached' };

/**
 * How the plan pays for one more report when no promo credit is left, given the reports already used
 * this period: included ones first, then overage; flex refuses past its monthly cap. The warning goes
 * out with the report that reaches 80 % of the cap (flex) or of the included reports.
 */
export function chargeReport(
  plan: Pick<Plan, 'includedReports' | 'monthlyReportCap'>,
  usedThisPeriod: number,
): ReportCharge {
  const cap = plan.monthlyReportCap;
  if (cap !== null && usedThisPeriod >= cap) return { held: true, paidBy: null, notice: 'limit_reached' };
  const used = usedThisPeriod + 1;
  const limit = cap ?? plan.includedReports;
  const warns = limit > 0 && used === Math.ceil(limit * USAGE_WARNING_SHARE);
  return {
    held: false,
    paidBy: used <= plan.includedReports ? 'included' : 'overage',
    notice: warns ? 'approaching' : null,
  };
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { overageCents, PLAN_KEYS, PLANS, type Plan } from '@turnproof/config';
import { dollars, perReport, PlanCards } from '../components/blocks.tsx';
import { PageIntro } from '../components/layout.tsx';
import { PRODUCT_NAME } from '../content/marketing.ts';
import type { SitePage } from '../render.tsx';

const plans = PLAN_KEYS.map((key) => PLANS[key]);
const unlimited = (value: number | null) => (value === null ? 'Unlimited' : String(value));

const comparison: [string, (plan: Plan) => string][] = [
  ['Monthly price', (plan) => dollars(plan.monthlyPriceCents)],
  ['Reports included', (plan) => (plan.includedReports === 0 ? 'None' : String(plan.includedReports))],
  ['Each extra report', (plan) => perReport(plan.overageCentsPerReport)],
  ['Reports a month', (plan) => (plan.monthlyReportCap === null ? 'No cap' : `Up to ${plan.monthlyReportCap}`)],
  [
    'Photos and videos kept',
    (plan) => (plan.mediaRetentionDays === null ? 'As long as you keep the run' : `${plan.mediaRetentionDays} days`),
  ],
  ['Properties', (plan) => unlimited(plan.maxProperties)],
  ['Team members', (plan) => unlimited(plan.maxTeamMembers)],
  ['Texts to cleaners a month (SMS, WhatsApp)', (plan) => String(plan.monthlyTexts)],
  ['Analytics', (plan) => (plan.accessTier === 'starter' ? 'No' : 'Yes')],
  ['Free trial', (plan) => (plan.trialDays ? `${plan.trialDays} days` : 'Free plan')],
];

/** Worked examples of the overage rule, computed with the same function billing uses. */
function examples(): string[] {
  const pro = PLANS.pro;
  const flex = PLANS.flex;
  return [
    `Pro with 45 reports in a month: ${dollars(pro.monthlyPriceCents)} + 5 × ${perReport(pro.overageCentsPerReport)} = ${dollars(pro.monthlyPriceCents + overageCents(pro, 45))}.`,
    `Flex with 6 reports in a month: 6 × ${perReport(flex.overageCentsPerReport)} = ${dollars(overageCents(flex, 6))}.`,
  ];
}

export function pricingPage(): SitePage {
  return {
    title: `Pricing – ${PRODUCT_NAME} plans from $0`,
    description:
      'Flex is free with $2.00 reports; Starter $15, Pro $29 and Team $49 include 15, 40 and 80 reports a month. 14-day free trial, no setup fee, cancel any time.',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: PRODUCT_NAME,
        description: 'Turnover and inspection checklists with photo proof and PDF reports.',
        offers: plans.map((plan) => ({
          '@type': 'Offer',
          name: plan.name,
          price: (plan.monthlyPriceCents / 100).toFixed(2),
          priceCurrency: 'USD',
          category: 'subscription',
        })),
      },
    ],
    body: (
      <>
        <PageIntro
          title="Pricing"
          lead="Pay for the reports you make. Every plan has magic links, photo proof, offline use and PDF reports."
        />
        <section className="band" aria-labelledby="plans-title">
          <div className="wrap">
            <h2 id="plans-title" className="visually-hidden">
              Plans
            </h2>
            <PlanCards />
          </div>
        </section>
        <section className="band alt" aria-labelledby="compare-title">
          <div className="wrap">
            <h2 id="compare-title">Compare plans</h2>
            {/* Focusable, so a keyboard can scroll the table on a narrow screen. */}
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Plan comparison table">
              <table className="compare">
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    {plans.map((plan) => (
                      <th key={plan.key} scope="col">
                        {plan.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {comparison.map(([label, value]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      {plans.map((plan) => (
                        <td key={plan.key}>{value(plan)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>
        <section className="band" aria-labelledby="rules-title">
          <div className="wrap narrow">
            <h2 id="rules-title">How billing works</h2>
            <ul className="ticks">
              <li>Monthly plans have a 14-day free trial; no card is needed to start.</li>
              <li>Cancelling is free, plan changes are prorated, and there is no setup fee.</li>
              <li>Reports beyond those included cost the plan’s per-report rate, billed with the next invoice.</li>
              <li>
                Flex has no monthly fee: every report costs $2.00, up to 10 reports a month, and photos are kept 30
                days.
              </li>
              <li>The launch code TURNPROOF5 gives 5 free reports, once per organisation.</li>
            </ul>
            <h3>Examples</h3>
            <ul>
              {examples().map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </section>
      </>
    ),
  };
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { PLAN_KEYS, PLANS, type Plan } from '@turnproof/config';
import { faq } from '../content/marketing.ts';
import { planLink, SIGN_UP } from '../links.ts';
import { useSite } from '../site-context.ts';
import {
  estimatedMinutes,
  formatMinutes,
  KIND_LABELS,
  taskCount,
  templateCategory,
  type TemplateDetail,
} from '../site-data.ts';

export const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
export const perReport = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The plan the cards call "Most popular". */
const POPULAR = 'pro';

export function planLines(plan: Plan): string[] {
  const lines =
    plan.key === 'flex'
      ? [
          `${perReport(plan.overageCentsPerReport)} per report`,
          `Up to ${plan.monthlyReportCap} reports a month`,
          `Photos kept ${plan.mediaRetentionDays} days`,
        ]
      : [
          `${plan.includedReports} reports included`,
          `${perReport(plan.overageCentsPerReport)} per extra report`,
          `${plan.trialDays}-day free trial`,
        ];
  lines.push(plan.maxProperties === null ? 'Unlimited properties' : `Up to ${plan.maxProperties} properties`);
  lines.push(plan.maxTeamMembers === null ? 'Unlimited team members' : `Up to ${plan.maxTeamMembers} team members`);
  return lines;
}

export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { signedIn } = useSite();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="plans">
      {PLAN_KEYS.map((key) => {
        const plan = PLANS[key];
        return (
          <li key={key} className={key === POPULAR ? 'card plan popular' : 'card plan'}>
            {key === POPULAR ? <p className="badge">Most popular</p> : null}
            <Heading>{plan.name}</Heading>
            <p className="price">
              <span className="amount">{dollars(plan.monthlyPriceCents)}</span> / month
            </p>
            <ul className="ticks">
              {planLines(plan).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <a
              className={key === POPULAR ? 'button button-primary' : 'button button-secondary'}
              href={planLink(signedIn, key)}
              aria-label={`${plan.key === 'flex' ? 'Start free' : 'Start free trial'} with ${plan.name}`}
            >
              {plan.key === 'flex' ? 'Start free' : 'Start free trial'}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function FaqList() {
  return (
    <div className="faq">
      {faq.map((item) => (
        <details key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function TemplateCard({
  template,
  mostUsed,
  keyTasks,
}: {
  template: TemplateDetail;
  mostUsed?: boolean;
  keyTasks?: number;
}) {
  const tasks = template.sections.flatMap((section) => section.tasks);
  return (
    <li className="card template-card">
      <p className="card-tags">
        <span className="tag">{KIND_LABELS[template.kind]}</span>
        <span className="tag">{templateCategory(template)}</span>
        {mostUsed ? <span className="badge">Most Used</span> : null}
      </p>
      <h3>
        <a href={`/templates/${template.slug}`}>{template.name}</a>
      </h3>
      <p>{template.subtitle}</p>
      <p className="meta">
        {taskCount(template)} tasks · {formatMinutes(estimatedMinutes(template))} · {template.difficulty}
      </p>
      {keyTasks ? (
        <ul className="ticks">
          {tasks.slice(0, keyTasks).map((task) => (
            <li key={task.title}>{task.title}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A JSON-LD block; "<" is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}

/** The call to action to sign up; a signed-in owner is sent to the dashboard instead. */
export function StartButton({ label, secondary }: { label: string; secondary?: boolean }) {
  const { signedIn } = useSite();
  return (
    <a
      className={secondary ? 'button button-secondary' : 'button button-primary'}
      href={signedIn ? '/dashboard' : SIGN_UP}
    >
      {signedIn ? 'Go to Dashboard' : label}
    </a>
  );
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { FaqList, PlanCards, StartButton, TemplateCard } from '../components/blocks.tsx';
import {
  faq,
  features,
  hero,
  PRODUCT_NAME,
  proofSteps,
  TESTIMONIAL_ROTATION_MS,
  testimonials,
  trustStrip,
} from '../content/marketing.ts';
import { SAMPLE_REPORT, SAMPLE_REPORT_HTML, TURNOVER_LIBRARY } from '../links.ts';
import type { SitePage } from '../render.tsx';
import type { TemplateDetail } from '../site-data.ts';

/** `templates` is null when they could not be loaded: the rest of the page still shows. */
export function landingPage({ templates }: { templates: TemplateDetail[] | null }): SitePage {
  return {
    title: `${PRODUCT_NAME} – Turnover checklists with photo proof`,
    description:
      'Send cleaners a magic link, get every task done with time-stamped photo proof, even offline, and receive a PDF report. Free checklist templates for Airbnb, Vrbo and move-in/out.',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
    ],
    body: (
      <>
        <section className="hero" aria-labelledby="hero-title">
          <div className="wrap">
            <h1 id="hero-title">{hero.title}</h1>
            <p className="lead">{hero.pitch}</p>
            <p className="actions">
              <StartButton label="Start free trial" />
              {/* Without JavaScript the link opens the PDF; the island opens the dialog instead. */}
              <a
                className="button button-secondary"
                href={SAMPLE_REPORT}
                target="_blank"
                rel="noopener"
                data-opens-dialog="sample-report"
              >
                See sample report
              </a>
            </p>
            <SampleReportDialog />
            <ul className="trust" aria-label="Why hosts trust it">
              {trustStrip.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </section>

        <section id="features" className="band" aria-labelledby="features-title">
          <div className="wrap">
            <h2 id="features-title">Everything a turnover needs, nothing a cleaner has to learn</h2>
            <ul className="grid">
              {features.map((feature) => (
                <li key={feature.title} className="card">
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              ))}
            </ul>
            <p>
              <a href="/features">See all features</a>
            </p>
          </div>
        </section>

        <section className="band alt" aria-labelledby="steps-title">
          <div className="wrap">
            <h2 id="steps-title">Proof first, in four steps</h2>
            <ol className="steps">
              {proofSteps.map((step) => (
                <li key={step.title} className="card">
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="band" aria-labelledby="templates-title">
          <div className="wrap">
            <h2 id="templates-title">Ready-made checklists</h2>
            {templates === null ? (
              <p>Unable to load templates. Please try again later.</p>
            ) : templates.length === 0 ? (
              <p>No system templates are currently available. Check back soon!</p>
            ) : (
              <ul className="grid three">
                {templates.map((template, index) => (
                  <TemplateCard key={template.slug} template={template} mostUsed={index === 0} keyTasks={4} />
                ))}
              </ul>
            )}
            <p className="links-row">
              <a href="/templates/airbnb-turnover-cleaning-checklist">Airbnb turnover checklist</a>
              <a href="/templates/move-in-inspection-checklist">Move-in inspection checklist</a>
              <a href={TURNOVER_LIBRARY}>Turnover library</a>
              <a href="/pricing">Pricing</a>
            </p>
          </div>
        </section>

        <section className="band alt" aria-labelledby="testimonials-title">
          <div className="wrap">
            <h2 id="testimonials-title">Hosts who stopped guessing</h2>
            <div className="carousel" data-carousel data-interval={TESTIMONIAL_ROTATION_MS}>
              <ul>
                {testimonials.map((testimonial) => (
                  <li key={testimonial.name} className="card testimonial" data-slide>
                    <blockquote>
                      <p>“{testimonial.quote}”</p>
                    </blockquote>
                    <p className="who">
                      <strong>{testimonial.name}</strong>, {testimonial.role}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section id="pricing" className="band" aria-labelledby="pricing-title">
          <div className="wrap">
            <h2 id="pricing-title">Simple per-report pricing</h2>
            <p>Monthly plans start with a 14-day free trial. Cancel any time.</p>
            <PlanCards />
            <p>
              <a href="/pricing">Compare plans in detail</a>
            </p>
          </div>
        </section>

        <section className="band cta" aria-labelledby="cta-title">
          <div className="wrap">
            <h2 id="cta-title">Your next turnover, with proof</h2>
            <p>Set up a property and send your first magic link in ten minutes.</p>
            <p className="actions">
              <StartButton label="Try Free" />
              <a className="button button-secondary" href="/demo">
                Open the demo
              </a>
            </p>
          </div>
        </section>

        <section id="frequently-asked-questions" className="band" aria-labelledby="faq-title">
          <div className="wrap narrow">
            <h2 id="faq-title">Frequently asked questions</h2>
            <FaqList />
          </div>
        </section>
      </>
    ),
  };
}

/** 'See sample report': the report in a dialog (its frame loads when opened), with the PDF a tap away. */
function SampleReportDialog() {
  return (
    <dialog id="sample-report" className="report-dialog" aria-labelledby="sample-report-title">
      <div className="report-dialog-bar">
        <h2 id="sample-report-title">Sample report</h2>
        <a className="button button-ghost small" href={SAMPLE_REPORT} target="_blank" rel="noopener">
          Download PDF
        </a>
        <form method="dialog">
          <button className="button button-primary small" type="submit">
            Close
          </button>
        </form>
      </div>
      <iframe title="Sample inspection report" data-src={SAMPLE_REPORT_HTML} />
    </dialog>
  );
}

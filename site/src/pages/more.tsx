/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StartButton, TemplateCard } from '../components/blocks.tsx';
import { PageIntro } from '../components/layout.tsx';
import { helpGuides } from '../content/help.ts';
import { cities, features, industries, PRODUCT_NAME, type CityStats, type Industry } from '../content/marketing.ts';
import { SAMPLE_REPORT, SIGN_UP } from '../links.ts';
import type { SitePage } from '../render.tsx';
import type { TemplateDetail } from '../site-data.ts';

export function featuresPage(): SitePage {
  return {
    title: `Features – magic links, photo proof, offline, PDF reports | ${PRODUCT_NAME}`,
    description: `Magic links cleaners open without an app, photo and video proof, offline checklists, compressed uploads, time-stamped PDF reports and team reminders.`,
    body: (
      <>
        <PageIntro title="Features" lead="Built for turnovers that happen without you." />
        <section className="band" aria-label="Features">
          <div className="wrap">
            <ul className="grid two">
              {features.map((feature) => (
                <li key={feature.title} className="card">
                  <h2>{feature.title}</h2>
                  <p>{feature.text}</p>
                </li>
              ))}
            </ul>
            <p className="actions">
              <StartButton label="Try Free" />
              <a className="button button-secondary" href={SAMPLE_REPORT}>
                See sample report
              </a>
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function demoPage({ error }: { error?: string } = {}): SitePage {
  return {
    title: `Try the cleaner’s checklist – live demo | ${PRODUCT_NAME}`,
    description:
      'Open a real magic-link checklist the way your cleaner would: tick tasks, add photos, go offline. A throwaway demo run, deleted after a day.',
    status: error ? 429 : 200,
    body: (
      <>
        <PageIntro
          title="See it as your cleaner does"
          lead="Open a throwaway demo run in the cleaner’s checklist. Tick tasks, add a photo, switch your phone to airplane mode: it keeps working."
        />
        <section className="band" aria-label="Demo">
          <div className="wrap narrow">
            <form method="post" action="/demo" className="card">
              <p>The demo run is made for you on the spot and deleted after a day. Nothing you enter is kept.</p>
              <p className="actions">
                <button className="button button-primary" type="submit">
                  Open the demo checklist
                </button>
              </p>
              {error ? (
                <p className="form-status error" role="alert">
                  {error}
                </p>
              ) : null}
            </form>
            <p>
              Want the host’s side? <a href={SAMPLE_REPORT}>See the sample report</a> or{' '}
              <a href={SIGN_UP}>start a free trial</a>.
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function helpPage(): SitePage {
  return {
    title: `Help centre – guides for hosts | ${PRODUCT_NAME}`,
    description:
      'Step-by-step guides: getting started, sending a magic link, working offline, reports, billing and plans, and your team.',
    body: (
      <>
        <PageIntro title="Help centre" lead="Short guides for everything you set up in the console." />
        <section className="band" aria-label="Guides">
          <div className="wrap narrow">
            <nav aria-label="Guides">
              <ul className="links-row">
                {helpGuides.map((guide) => (
                  <li key={guide.id}>
                    <a href={`#${guide.id}`}>{guide.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {helpGuides.map((guide) => (
              <section key={guide.id} id={guide.id} className="guide">
                <h2>{guide.title}</h2>
                <p className="muted">{guide.summary}</p>
                <ol>
                  {guide.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </section>
            ))}
            <p>
              Still stuck? <a href="/contact">Contact us</a>.
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function industryPage({ industry, templates }: { industry: Industry; templates: TemplateDetail[] }): SitePage {
  return {
    title: `${industry.title} | ${PRODUCT_NAME}`,
    description: industry.description,
    body: (
      <>
        <PageIntro title={industry.title} lead={industry.description}>
          <p className="actions">
            <StartButton label="Try Free" />
          </p>
        </PageIntro>
        <section className="band" aria-labelledby="why-title">
          <div className="wrap">
            <h2 id="why-title">
              Why {industry.name.toLowerCase()} teams use {PRODUCT_NAME}
            </h2>
            <ul className="ticks">
              {industry.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <h2>Checklists to start from</h2>
            <ul className="grid three">
              {templates.map((template) => (
                <TemplateCard key={template.slug} template={template} />
              ))}
            </ul>
            <p className="links-row">
              {industries
                .filter((other) => other.slug !== industry.slug)
                .map((other) => (
                  <a key={other.slug} href={`/industries/${other.slug}`}>
                    {other.name}
                  </a>
                ))}
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function locationPage({ city }: { city: CityStats }): SitePage {
  const name = `${city.city}, ${city.state}`;
  return {
    title: `Airbnb turnover checklists for ${name} hosts | ${PRODUCT_NAME}`,
    description: `Turnover checklists for ${city.city} short-term rentals, with photo proof and a time-stamped report for every stay.`,
    body: (
      <>
        <PageIntro title={`Turnover checklists for ${name}`} lead={city.intro} />
        <section className="band" aria-labelledby="tips-title">
          <div className="wrap">
            <h2 id="tips-title">Turnover tips for {city.city}</h2>
            <ul className="ticks">
              {city.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            <p className="links-row">
              <a href="/templates/airbnb-turnover-cleaning-checklist">Airbnb turnover checklist</a>
              {cities
                .filter((other) => other.slug !== city.slug)
                .map((other) => (
                  <a key={other.slug} href={`/locations/${other.slug}`}>
                    {other.city} hosts
                  </a>
                ))}
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function notFoundPage(): SitePage {
  return {
    title: `Page not found – ${PRODUCT_NAME}`,
    description: 'This page does not exist.',
    status: 404,
    noindex: true,
    body: (
      <section className="intro not-found" aria-labelledby="not-found-title">
        <div className="wrap">
          <p className="status-code" aria-hidden="true">
            404
          </p>
          <h1 id="not-found-title">Oops! Page not found</h1>
          <p>
            <a className="button button-primary" href="/">
              Return to Home
            </a>
          </p>
        </div>
      </section>
    ),
  };
}

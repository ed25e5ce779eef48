/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { PageIntro } from '../components/layout.tsx';
import { LEGAL, privacySections, termsSections, type LegalSection } from '../content/legal.ts';
import { PRODUCT_NAME } from '../content/marketing.ts';
import type { SitePage } from '../render.tsx';

function LegalText({ sections }: { sections: LegalSection[] }) {
  return (
    <section className="band" aria-label="Sections">
      <div className="wrap narrow legal">
        <p className="muted">Last updated {LEGAL.lastUpdated}</p>
        {sections.map((section, index) => (
          <section key={section.title}>
            <h2>
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p>
          Questions? <a href="/contact">Contact us</a>.
        </p>
      </div>
    </section>
  );
}

export function privacyPage(): SitePage {
  return {
    title: `Privacy Policy – ${PRODUCT_NAME}`,
    description: `What ${PRODUCT_NAME} collects, why, how long we keep it and your rights: account, property and photo data, cookies, deletion within ${LEGAL.deletionDays} days.`,
    body: (
      <>
        <PageIntro title="Privacy Policy" />
        <LegalText sections={privacySections} />
      </>
    ),
  };
}

export function termsPage(): SitePage {
  return {
    title: `Terms of Service – ${PRODUCT_NAME}`,
    description: `The terms for using ${PRODUCT_NAME}: accounts, plans and trials, your content, acceptable use, liability and ending the service.`,
    body: (
      <>
        <PageIntro title="Terms of Service" />
        <LegalText sections={termsSections} />
      </>
    ),
  };
}

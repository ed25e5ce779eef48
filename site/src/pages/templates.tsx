/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { TemplateCard } from '../components/blocks.tsx';
import { PageIntro } from '../components/layout.tsx';
import { PRODUCT_NAME, turnoGuides } from '../content/marketing.ts';
import { SIGN_UP, templateSignUp, TURNOVER_LIBRARY, turnoverGuide } from '../links.ts';
import type { SitePage } from '../render.tsx';
import { estimatedMinutes, formatMinutes, KIND_LABELS, taskCount, type TemplateDetail } from '../site-data.ts';

export function templatesIndexPage({ templates }: { templates: TemplateDetail[] }): SitePage {
  return {
    title: `Free turnover and inspection checklist templates – ${PRODUCT_NAME}`,
    description:
      'Eight ready-made checklists for Airbnb and Vrbo turnovers, deep cleans, move-in and move-out inspections, with every task listed. Use them free with a magic link.',
    body: (
      <>
        <PageIntro
          title="Checklist templates"
          lead="Ready-made checklists written by hosts and inspectors. Open one to read every task, then use it with your cleaners."
        />
        <section className="band" aria-labelledby="all-templates-title">
          <div className="wrap">
            <h2 id="all-templates-title" className="visually-hidden">
              All templates
            </h2>
            <ul className="grid three">
              {templates.map((template) => (
                <TemplateCard key={template.slug} template={template} />
              ))}
            </ul>
            <p className="links-row">
              <a href={TURNOVER_LIBRARY}>Turnover library</a>
              <a href="/checklists">Free printable checklists</a>
              <a href={SIGN_UP}>Start free trial</a>
            </p>
          </div>
        </section>
      </>
    ),
  };
}

/** The full task list, section by section. */
export function TaskList({ template }: { template: TemplateDetail }) {
  return (
    <div className="task-sections">
      {template.sections.map((section) => (
        <section key={section.title} className="task-section">
          <h3>{section.title}</h3>
          {section.description ? <p className="muted">{section.description}</p> : null}
          <ol className="tasks">
            {section.tasks.map((task) => (
              <li key={task.title}>
                <span className="task-title">{task.title}</span>
                {task.requiredMedia > 0 ? (
                  <span className="tag">
                    {task.requiredMedia} photo{task.requiredMedia > 1 ? 's' : ''}
                  </span>
                ) : null}
                {task.description ? <span className="task-note">{task.description}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

export function templatePage({ template, related }: { template: TemplateDetail; related: TemplateDetail[] }): SitePage {
  const minutes = estimatedMinutes(template);
  return {
    title: `${template.name} – free template | ${PRODUCT_NAME}`,
    description:
      `${template.subtitle}. ${taskCount(template)} tasks, about ${formatMinutes(minutes)}. ${template.description}`.slice(
        0,
        300,
      ),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: template.name,
        totalTime: `PT${minutes}M`,
        step: template.sections.flatMap((section) =>
          section.tasks.map((task) => ({
            '@type': 'HowToStep',
            name: task.title,
            text: task.description ?? task.title,
          })),
        ),
      },
    ],
    body: (
      <>
        <PageIntro title={template.name} lead={template.subtitle}>
          <ul className="facts" aria-label="At a glance">
            <li>
              <strong>Type:</strong> {KIND_LABELS[template.kind]}
            </li>
            <li>
              <strong>Estimated time:</strong> {formatMinutes(minutes)}
            </li>
            <li>
              <strong>Difficulty:</strong> {template.difficulty}
            </li>
            <li>
              <strong>Tasks:</strong> {taskCount(template)}
            </li>
          </ul>
          <p className="actions">
            <a className="button button-primary" href={templateSignUp(template.slug)}>
              Get Started Free
            </a>
          </p>
        </PageIntro>
        <section className="band" aria-labelledby="about-title">
          <div className="wrap narrow">
            <h2 id="about-title">About this checklist</h2>
            <p>{template.description}</p>
            <ul className="ticks">
              {template.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </div>
        </section>
        <section className="band alt" aria-labelledby="tasks-title">
          <div className="wrap narrow">
            <h2 id="tasks-title">Every task</h2>
            <TaskList template={template} />
          </div>
        </section>
        <section className="band" aria-labelledby="related-title">
          <div className="wrap">
            <h2 id="related-title">Related checklists</h2>
            <ul className="grid three">
              {related.map((other) => (
                <TemplateCard key={other.slug} template={other} />
              ))}
            </ul>
            <p className="links-row">
              <a href="/templates">All templates</a>
              <a href="/checklists">Free printable checklists</a>
              <a href="/pricing">Pricing</a>
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function turnoIndexPage({ templates }: { templates: Map<string, TemplateDetail> }): SitePage {
  return {
    title: `Turnover checklist library – Airbnb, Vrbo, move-in, move-out | ${PRODUCT_NAME}`,
    description:
      'Four checklists for the turnovers hosts run most: Airbnb, Vrbo, move-in and move-out. When to use each, what is inside, and how to run it as a magic link with a PDF report.',
    body: (
      <>
        <PageIntro
          title="Turnover checklist library"
          lead="The four checklists hosts and managers run most, ready to send as a magic link."
        />
        <section className="band" aria-label="Checklists">
          <div className="wrap">
            <ul className="grid two">
              {turnoGuides.map((guide) => {
                const template = templates.get(guide.templateSlug);
                return (
                  <li key={guide.slug} className="card">
                    <h2>
                      <a href={turnoverGuide(guide.slug)}>{guide.title}</a>
                    </h2>
                    <p>{guide.whenToUse}</p>
                    {template ? (
                      <p className="meta">
                        {taskCount(template)} tasks · {formatMinutes(estimatedMinutes(template))}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      </>
    ),
  };
}

export function turnoGuidePage({ slug, template }: { slug: string; template: TemplateDetail }): SitePage {
  const guide = turnoGuides.find((candidate) => candidate.slug === slug)!;
  return {
    title: `${guide.title} – how to run it | ${PRODUCT_NAME}`,
    description: `${guide.whenToUse} ${taskCount(template)} tasks, run from a magic link with a time-stamped PDF report.`,
    body: (
      <>
        <PageIntro title={guide.title} lead={template.subtitle}>
          <p className="actions">
            <a className="button button-primary" href={templateSignUp(template.slug)}>
              Get Started Free
            </a>
          </p>
        </PageIntro>
        <section className="band" aria-labelledby="when-title">
          <div className="wrap narrow">
            <h2 id="when-title">When to use it</h2>
            <p>{guide.whenToUse}</p>
            <h2>What is inside</h2>
            <p>
              {taskCount(template)} tasks in {template.sections.length} sections, about{' '}
              {formatMinutes(estimatedMinutes(template))}:
            </p>
            <TaskList template={template} />
            <h2>How to run it as a magic link</h2>
            <ol>
              <li>Add your property; it receives this checklist, or copy it from Templates.</li>
              <li>Create a run, choose this checklist and copy the magic link.</li>
              <li>Send the link to your cleaner; they open it on their phone without an account, even offline.</li>
            </ol>
            <h2>PDF export</h2>
            <p>
              When the cleaner completes the run you receive a time-stamped PDF with every task and photo.{' '}
              <a href="/api/site/sample-report.pdf">See a sample report</a>.
            </p>
            <p className="links-row">
              <a href={TURNOVER_LIBRARY}>Back to the library</a>
              <a href={`/templates/${template.slug}`}>Template page</a>
            </p>
          </div>
        </section>
      </>
    ),
  };
}

export function turnoNotFoundPage(): SitePage {
  return {
    title: `Template Not Found – ${PRODUCT_NAME}`,
    description: 'This turnover checklist does not exist. Browse the four checklists of the library.',
    status: 404,
    noindex: true,
    body: (
      <PageIntro title="Template Not Found" lead="We could not find that checklist.">
        <p>
          <a className="button button-primary" href={TURNOVER_LIBRARY}>
            Back to the turnover library
          </a>
        </p>
      </PageIntro>
    ),
  };
}

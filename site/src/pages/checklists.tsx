/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { PageIntro } from '../components/layout.tsx';
import { PRODUCT_NAME, turnoGuides } from '../content/marketing.ts';
import { libraryPdf, turnoverGuide } from '../links.ts';
import type { SitePage } from '../render.tsx';
import type { LibraryEntry } from '../site-data.ts';

const PREVIEW_TASKS = 3;

function LibraryCard({ entry, hidden }: { entry: LibraryEntry; hidden: boolean }) {
  const more = entry.taskList.length - PREVIEW_TASKS;
  return (
    <li className="card library-card" data-category={entry.category} hidden={hidden}>
      <p className="card-tags">
        <span className="tag">{entry.category}</span>
        <span className="tag">{entry.difficulty}</span>
      </p>
      <h2>{entry.title}</h2>
      <p>{entry.description}</p>
      <p className="meta">
        {entry.tasks} tasks · {entry.estimatedTime}
      </p>
      <ul className="ticks">
        {entry.taskList.slice(0, PREVIEW_TASKS).map((task) => (
          <li key={task}>{task}</li>
        ))}
      </ul>
      {more > 0 ? <p className="muted">+ {more} more tasks...</p> : null}
      <form method="post" action={libraryPdf(entry.id)} data-download>
        <button className="button button-primary" type="submit" aria-label={`Download Free: ${entry.title}`}>
          Download Free
        </button>
      </form>
    </li>
  );
}

/** The free library; `category` filters on the server too, so the filter works with JavaScript off. */
export function checklistsPage({
  entries,
  categories,
  category,
}: {
  entries: LibraryEntry[];
  categories: readonly string[];
  category: string | null;
}): SitePage {
  const active = category && categories.includes(category) ? category : null;
  return {
    title: `Free cleaning and inspection checklists (PDF) – ${PRODUCT_NAME}`,
    description: `${entries.length} free printable checklists for vacation rentals, homes, hotels and offices: kitchens, bathrooms, move-outs, inspections. Download any as a PDF.`,
    body: (
      <>
        <PageIntro
          title="Free checklist library"
          lead={`${entries.length} printable checklists, free to download as PDF. Run any of them with photo proof in ${PRODUCT_NAME}.`}
        />
        <section className="band" aria-label="Library">
          <div className="wrap">
            <nav aria-label="Categories" className="filters" data-filters>
              {['All', ...categories].map((name) => {
                const isActive = name === 'All' ? active === null : active === name;
                return (
                  <a
                    key={name}
                    className={isActive ? 'chip active' : 'chip'}
                    href={name === 'All' ? '/checklists' : `/checklists?category=${encodeURIComponent(name)}`}
                    data-filter={name}
                    aria-current={isActive ? 'page' : undefined}
                  >
                    {name}
                  </a>
                );
              })}
            </nav>
            <p className="visually-hidden" role="status" data-filter-status />
            <ul className="grid three" data-library>
              {entries.map((entry) => (
                <LibraryCard key={entry.id} entry={entry} hidden={active !== null && entry.category !== active} />
              ))}
            </ul>
            <h2>Featured turnover checklists</h2>
            <p className="links-row">
              {turnoGuides.map((guide) => (
                <a key={guide.slug} href={turnoverGuide(guide.slug)}>
                  {guide.title}
                </a>
              ))}
            </p>
          </div>
        </section>
      </>
    ),
  };
}

/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { PRODUCT_NAME } from '../content/marketing.ts';
import type { LibraryEntry } from '../site-data.ts';

const PRINT_CSS = `
@page { size: A4; }
body { font-family: 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif; color: #1f2933; font-size: 11pt; }
header { border-bottom: 3px solid #0f766e; padding-bottom: 8pt; margin-bottom: 12pt; }
h1 { font-size: 20pt; margin: 0 0 4pt; color: #102a43; }
.meta { color: #52606d; margin: 2pt 0; }
ol { list-style: none; padding: 0; margin: 0; }
li { display: flex; gap: 10pt; align-items: flex-start; padding: 7pt 0; border-bottom: 1px solid #e4e7eb; break-inside: avoid; }
.box { flex: none; width: 11pt; height: 11pt; border: 1.5px solid #334e68; border-radius: 2pt; margin-top: 1pt; }
.number { flex: none; width: 18pt; color: #52606d; }
.notes { margin-top: 16pt; }
.line { border-bottom: 1px solid #9aa5b1; height: 20pt; }
footer { margin-top: 14pt; color: #52606d; font-size: 9pt; }
`;

/** A printable checklist of the free library, printed to PDF by the same Chromium renderer as reports. */
export function checklistPrintHtml(entry: LibraryEntry, origin: string): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <title>{`${entry.title} – ${PRODUCT_NAME}`}</title>
        <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      </head>
      <body>
        <header>
          <h1>{entry.title}</h1>
          <p className="meta">{entry.description}</p>
          <p className="meta">
            {entry.category} · {entry.taskList.length} tasks · {entry.estimatedTime} · {entry.difficulty}
          </p>
          <p className="meta">Property: ____________________ Date: ____________ Cleaner: ____________________</p>
        </header>
        <ol>
          {entry.taskList.map((task, index) => (
            <li key={task}>
              <span className="box" />
              <span className="number">{index + 1}.</span>
              <span>{task}</span>
            </li>
          ))}
        </ol>
        <section className="notes">
          <p>
            <strong>Notes</strong>
          </p>
          <div className="line" />
          <div className="line" />
          <div className="line" />
        </section>
        <footer>
          Free checklist from {PRODUCT_NAME}. Run it with photo proof and a PDF report at {origin}
        </footer>
      </body>
    </html>,
  )}`;
}

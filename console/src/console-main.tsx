import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadMessages } from './i18n/i18n-provider.ts';
import { startingLanguage } from './i18n/language.ts';
import { rememberPageFacts } from './page-facts-cookies.ts';
import { reportWebVitalsAfterPaint } from './report-vitals-once.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

rememberPageFacts();

function ReportWebVitals() {
  useEffect(reportWebVitalsAfterPaint, []);
  return null;
}

// The console, started by main.tsx (the public pages are rendered by the API, site/). App.tsx is imported here,
// after the lines above (stored data cleared first), and the first render waits for it rather than suspend: a
// Suspense fallback shown first holds the console's first commit back until 300 ms after it (React throttles
// the fallback's replacement), time the dashboard's first paint waited on top of its render.
// A signed-out screen (/auth, /password-reset) came rendered by the console's own components on the server
// (entry-server.tsx), so it is hydrated: the form stays on screen, and keeps what was typed, as it comes alive.
// The dashboard's server render is a head start that the first render replaces in one commit.
// A Spanish or French console waits for its messages too (fetched alongside), so its first screen is in them.
const language = startingLanguage();
void Promise.all([import('./App.tsx'), loadMessages(language)]).then(async ([{ App, startConsole }]) => {
  const { queryClient, hydrate: hydrating } = startConsole();
  const hydrate = await hydrating;
  const page = (
    <StrictMode>
      <App queryClient={queryClient} language={language} />
      <ReportWebVitals />
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, page);
    return;
  }
  const root = createRoot(container);
  // A server-rendered dashboard stays on screen, its links and forms working, until the console's first
  // commit replaces it: rendered in a transition, which React does in slices of a few milliseconds, a phone
  // follows a tap meanwhile instead of waiting out the whole render (the commit is one piece still).
  if (container.firstElementChild) startTransition(() => root.render(page));
  else root.render(page);
});

import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

// The public pages are rendered by the API (site/); this is the console, loaded on demand so that index.html
// can start its downloads early (preload-console.ts).
const Console = lazy(() => import('./App.tsx').then((m) => ({ default: m.App })));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Suspense>
      <Console />
    </Suspense>
  </StrictMode>,
);

// The page's web vitals go to the API; the reporter loads after the first render, in a chunk of its own.
void import('@turnproof/config/report-web-vitals').then(({ reportWebVitals }) => reportWebVitals('console'));

import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

/** '/auth/' and '/auth' are the same page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

// Public marketing pages load without react-admin and MUI; everything else is the console, loaded on demand.
const publicPages: Record<string, { title: string; Page: ComponentType }> = {
  '/': {
    title: 'Turnproof',
    Page: lazy(() => import('./public/LandingPage.tsx').then((m) => ({ default: m.LandingPage }))),
  },
};
const Console = lazy(() => import('./App.tsx').then((m) => ({ default: m.App })));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const publicPage = publicPages[normalizePath(window.location.pathname)];
if (publicPage) document.title = publicPage.title;
const Page = publicPage?.Page ?? Console;

createRoot(container).render(
  <StrictMode>
    <Suspense>
      <Page />
    </Suspense>
  </StrictMode>,
);

import { useEffect, type ComponentType } from 'react';
import { AuthPage } from './pages/AuthPage.tsx';
import { LandingPage } from './pages/LandingPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

interface Route {
  title: string;
  Page: ComponentType;
}

// Until react-admin arrives, the page is chosen by the path; links are plain page loads.
const routes: Record<string, Route> = {
  '/': { title: 'Turnproof', Page: LandingPage },
  '/auth': { title: 'Sign In · Turnproof', Page: AuthPage },
};
const notFound: Route = { title: 'Page not found · Turnproof', Page: NotFoundPage };

/** '/auth/' and '/auth' are the same page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function App() {
  const { title, Page } = routes[normalizePath(window.location.pathname)] ?? notFound;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Page />;
}

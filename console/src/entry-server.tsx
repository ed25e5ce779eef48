import { CssBaseline } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import mediaQuery from 'css-mediaquery';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { StaticRouter } from 'react-router';
import { Console } from './App.tsx';
import { AUTH_PROVIDERS_KEY, type AuthProviders } from './auth/authApi.ts';
import { type Session, SESSION_KEY } from './auth/session.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { dashboardQueryKey, localMidnight } from './dashboard/useDashboard.ts';
import { Layout } from './layout/Layout.tsx';
import { PageCookies } from './layout/sidebarCookie.ts';
import { theme } from './layout/theme.ts';
import type { DashboardData } from './types.ts';

/** What the API hands the dashboard's server render: the answers of GET /api/auth/session and /api/dashboard. */
export interface DashboardPageRequest {
  session: Session;
  dashboard: DashboardData;
  /** The browser window's width (the API's best knowledge of it): the page is laid out for it. */
  width: number;
  /** The request's Cookie header (the sidebar's open state is one). */
  cookies: string;
}

/**
 * The dashboard's first screen as HTML (built to dist-server/entry-server.js; the API renders /dashboard
 * with it): the console's own Layout and Dashboard with the owner's answers, so the greeting and the
 * figures paint before the console's JavaScript has downloaded. The browser does not hydrate it: the
 * console's first render replaces it, with the same markup, in one commit (createRoot clears its container).
 * MUI's styles come inline with the markup (emotion's server rendering), and move to <head> once the
 * console starts.
 */
export function renderDashboardPage({ session, dashboard, width, cookies }: DashboardPageRequest): { html: string } {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_KEY, session);
  // This query client lives for one render: the key is the one useDashboard computes here; the figures
  // were counted from the browser's midnight (its time zone cookie), which the API took for `since`.
  queryClient.setQueryData(dashboardQueryKey(localMidnight().toISOString()), dashboard);
  const ssrMatchMedia = (query: string) => ({ matches: mediaQuery.match(query, { width }) });
  const html = renderToString(
    <StaticRouter location="/dashboard">
      <AdminContext
        queryClient={queryClient}
        i18nProvider={defaultI18nProvider}
        store={memoryStore({ locale: 'en' })}
        theme={{ ...theme, components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } } }}
      >
        <CssBaseline enableColorScheme>
          <PageCookies value={() => cookies}>
            <Layout>
              <Dashboard />
            </Layout>
          </PageCookies>
        </CssBaseline>
      </AdminContext>
    </StaticRouter>,
  );
  return { html };
}

/** What the API hands a signed-out screen's server render (/auth, /password-reset). */
export interface SignedOutPageRequest {
  /** The path and query, e.g. /auth?mode=sign-up. */
  url: string;
  /** GET /api/auth/providers' answer. */
  providers: AuthProviders;
}

/** The place of main.tsx's ReportWebVitals (it renders nothing): the same tree gives the same useId ids. */
function ReportWebVitalsPlace() {
  return null;
}

/**
 * A signed-out screen as HTML, rendered by the console's own tree (App.tsx's Console, main.tsx's root) at
 * `url`, so that the browser hydrates it: the form is on screen and usable as soon as the HTML arrives.
 * Prerendered (react-dom/static): the screen's lazily loaded code is waited for, and its Suspense boundary
 * is in the markup, which the browser hydrates once that code has arrived.
 */
export async function renderSignedOutPage({ url, providers }: SignedOutPageRequest): Promise<{ html: string }> {
  const queryClient = new QueryClient();
  const session: Session = { user: null, profile: null, access: null };
  queryClient.setQueryData(SESSION_KEY, session);
  queryClient.setQueryData(AUTH_PROVIDERS_KEY, providers);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <Console queryClient={queryClient} store={memoryStore({ locale: defaultI18nProvider.getLocale() })} />
      </StaticRouter>
      <ReportWebVitalsPlace />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html };
}

import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PROVIDERS_KEY, type AuthProviders } from '../auth/authApi.ts';
import { type Session, SESSION_KEY } from '../auth/session.ts';
import type { DashboardData } from '../types.ts';
import { takeEarlyAnswer } from '../api/early-answers.ts';
import { dashboardPath, dashboardQueryKey, localMidnight } from './useDashboard.ts';

/**
 * What the API rendered a page's first screen from, in the page: /dashboard's session and figures
 * (api/src/dashboard/dashboard-page.ts), or a signed-out screen's session and sign-in providers, which the
 * browser hydrates (api/src/auth/signed-out-pages.ts).
 */
export interface ServedPage {
  session: Session;
  dashboard?: DashboardData;
  /** The start of the day 'Completed Today' counted from. */
  since?: string;
  /** GET /api/auth/providers' answer. */
  providers?: AuthProviders;
  /** The markup is the console's own render of this page: hydrate it rather than render anew. */
  hydrate?: boolean;
}

/** The page's served answers, if it came with any. */
export function servedPage(): ServedPage | null {
  const text = document.getElementById('console-state')?.textContent;
  return text ? (JSON.parse(text) as ServedPage) : null;
}

/**
 * Puts the answers the server rendered the page with into the query cache, so the console's first render
 * shows the same screen rather than a spinner in its place. The figures serve only if they were counted
 * from this browser's midnight (the server takes its zone from a cookie, missing on a first visit).
 * Returns which of the two answers it put there.
 */
export function seedServedDashboard(queryClient: QueryClient): { session: boolean; dashboard: boolean } {
  const served = servedPage();
  if (!served) return { session: false, dashboard: false };
  queryClient.setQueryData(SESSION_KEY, served.session);
  if (served.providers) queryClient.setQueryData(AUTH_PROVIDERS_KEY, served.providers);
  const since = localMidnight().toISOString();
  if (!served.dashboard || served.since !== since) return { session: true, dashboard: false };
  queryClient.setQueryData(dashboardQueryKey(since), served.dashboard);
  // index.html asked for the figures too; that answer must not serve a later refetch as if it were new.
  void takeEarlyAnswer(`/api${dashboardPath(since)}`);
  return { session: true, dashboard: true };
}

import type { QueryClient } from '@tanstack/react-query';
import { type Session, SESSION_KEY } from '../auth/session.ts';
import type { DashboardData } from '../types.ts';
import { takeEarlyAnswer } from '../api/early-answers.ts';
import { dashboardPath, dashboardQueryKey, localMidnight } from './useDashboard.ts';

/** What the API rendered /dashboard's first screen from (api/src/dashboard/dashboard-page.ts), in the page. */
interface ServedDashboard {
  session: Session;
  dashboard: DashboardData;
  /** The start of the day 'Completed Today' counted from. */
  since: string;
}

/**
 * Puts the answers the server rendered the page with into the query cache, so the console's first render
 * shows the same screen rather than a spinner in its place. The figures serve only if they were counted
 * from this browser's midnight (the server takes its zone from a cookie, missing on a first visit).
 * Returns which of the two answers it put there.
 */
export function seedServedDashboard(queryClient: QueryClient): { session: boolean; dashboard: boolean } {
  const text = document.getElementById('console-state')?.textContent;
  if (!text) return { session: false, dashboard: false };
  const served = JSON.parse(text) as ServedDashboard;
  queryClient.setQueryData(SESSION_KEY, served.session);
  const since = localMidnight().toISOString();
  if (served.since !== since) return { session: true, dashboard: false };
  queryClient.setQueryData(dashboardQueryKey(since), served.dashboard);
  // index.html asked for the figures too; that answer must not serve a later refetch as if it were new.
  void takeEarlyAnswer(`/api${dashboardPath(since)}`);
  return { session: true, dashboard: true };
}

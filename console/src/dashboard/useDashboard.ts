import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { DashboardData } from '../types.ts';

/** The start of today in the browser's time zone: 'Completed Today' counts from here. */
export function localMidnight(now = new Date()): Date {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

/** The dashboard's query key: its figures count 'Completed Today' from `since`. */
export const dashboardQueryKey = (since: string) => ['dashboard', since];
/** Its API path (under /api), the one index.html also asks for early (early-api-requests.ts). */
export const dashboardPath = (since: string) => `/dashboard?since=${encodeURIComponent(since)}`;

function dashboardQuery() {
  const since = localMidnight().toISOString();
  return {
    queryKey: dashboardQueryKey(since),
    queryFn: () => apiJson<DashboardData>(dashboardPath(since)),
  };
}

/**
 * How long the first answer (on /dashboard the page load's, asked for by index.html) serves the dashboard
 * without a second request: a phone may take seconds from that answer to the dashboard's first render.
 */
const PAGE_LOAD_ANSWER_MS = 5_000;

export function useDashboard() {
  return useQuery({
    ...dashboardQuery(),
    // Every later visit asks again (as with no staleTime); so does any refetch since the page load's.
    refetchOnMount: (query) =>
      query.state.dataUpdateCount !== 1 || Date.now() - query.state.dataUpdatedAt > PAGE_LOAD_ANSWER_MS,
  });
}

/** Starts the dashboard's request with the session check rather than after it (one round trip less). */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardQuery());
}

import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { DashboardData } from '../types.ts';

/** The start of today in the browser's time zone: 'Completed Today' counts from here. */
export function localMidnight(now = new Date()): Date {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

function dashboardQuery() {
  const since = localMidnight().toISOString();
  return {
    queryKey: ['dashboard', since],
    queryFn: () => apiJson<DashboardData>(`/dashboard?since=${encodeURIComponent(since)}`),
  };
}

export function useDashboard() {
  return useQuery(dashboardQuery());
}

/** Starts the dashboard's request with the session check rather than after it (one round trip less). */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardQuery());
}

import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { DashboardData } from '../types.ts';

/** The start of today in the browser's time zone: 'Completed Today' counts from here. */
export function localMidnight(now = new Date()): Date {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

export function useDashboard() {
  const since = localMidnight().toISOString();
  return useQuery({
    queryKey: ['dashboard', since],
    queryFn: () => apiJson<DashboardData>(`/dashboard?since=${encodeURIComponent(since)}`),
  });
}

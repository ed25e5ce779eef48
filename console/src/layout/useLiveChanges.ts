import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiJson } from '../api/http.ts';
import { useRefreshSession } from '../auth/session.ts';

/** How often an open (visible) tab asks whether the owner's properties or profile changed elsewhere. */
export const LIVE_POLL_MS = 5_000;

interface LiveStamps {
  properties: string;
  profile: string;
}

/**
 * The spec's live change feeds of properties and profiles: another tab (or device) adds a property or
 * saves the profile, and this tab refetches what changed, without a reload. A hidden tab does not ask;
 * it asks again when it is shown.
 */
export function useLiveChanges() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const last = useRef<LiveStamps | null>(null);
  const { data } = useQuery({
    queryKey: ['live'],
    queryFn: () => apiJson<LiveStamps>('/live'),
    refetchInterval: LIVE_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  useEffect(() => {
    if (!data) return;
    const before = last.current;
    last.current = data;
    if (!before) return;
    const properties = before.properties !== data.properties;
    const profile = before.profile !== data.profile;
    if (properties) {
      void queryClient.invalidateQueries({ queryKey: ['properties'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    }
    // The profile's Quick Stats count the properties.
    if (properties || profile) void queryClient.invalidateQueries({ queryKey: ['profile'] });
    if (profile) void refreshSession(); // the sidebar shows the name and company
  }, [data, queryClient, refreshSession]);
}

import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';

/** GET /api/preferences (the user_preferences row of the spec). */
export interface Preferences {
  email_notifications: boolean;
  push_notifications: boolean;
  desktop_notifications: boolean;
  alert_notifications: boolean;
  analytics_collection: boolean;
  location_services: boolean;
  data_sharing: boolean;
  theme: 'system' | 'light' | 'dark';
  timezone: string;
}

/** The owner's preferences; each change is saved at once and rolled back if the server refuses it. */
export function usePreferences() {
  const notify = useNotify();
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    apiJson<Preferences>('/preferences').then(setPreferences, (error: unknown) =>
      setFailed(error instanceof Error ? error.message : 'Error loading preferences'),
    );
  }, []);

  const save = useCallback(
    async (change: Partial<Preferences>) => {
      const before = preferences;
      if (!before) return;
      setPreferences({ ...before, ...change });
      try {
        setPreferences(await apiJson<Preferences>('/preferences', { method: 'PUT', body: change }));
        notify('Preferences saved', { type: 'success' });
      } catch (error) {
        setPreferences(before);
        notify(error instanceof Error ? `Error saving preferences: ${error.message}` : 'Error saving preferences', {
          type: 'error',
        });
      }
    },
    [preferences, notify],
  );

  return { preferences, failed, save };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';

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

const PREFERENCES_KEY = ['preferences'];

/** The owner's preferences; each change is saved at once and rolled back if the server refuses it. */
export function usePreferences() {
  const notify = useNotify();
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => apiJson<Preferences>('/preferences') });
  const mutation = useMutation({
    mutationFn: (change: Partial<Preferences>) => apiJson<Preferences>('/preferences', { method: 'PUT', body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<Preferences>(PREFERENCES_KEY);
      if (before) queryClient.setQueryData(PREFERENCES_KEY, { ...before, ...change });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      notify(t('settings.preferencesSaved'), { type: 'success' });
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
      notify(
        error instanceof Error
          ? t('settings.preferencesSaveFailedBecause', { message: error.message })
          : t('settings.preferencesSaveFailed'),
        { type: 'error' },
      );
    },
  });
  const { mutateAsync } = mutation;
  const save = useCallback(
    (change: Partial<Preferences>) =>
      mutateAsync(change).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );

  const failed = query.error
    ? query.error instanceof Error
      ? query.error.message
      : 'Error loading preferences'
    : null;
  return { preferences: query.data ?? null, failed, save };
}

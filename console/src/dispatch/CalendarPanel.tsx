import { formatDateTime } from '@turnproof/config/time-format';
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocale, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { RUN_STATUS_STYLES } from '../dashboard/runLabels.ts';
import { useT } from '../i18n/useT.ts';
import type { RunStatus } from '../types.ts';

interface CalendarView {
  last_synced_at: string | null;
  last_error: string | null;
  reservations: {
    uid: string;
    summary: string;
    start: string;
    end: string;
    run: { id: string; status: RunStatus; due_at: string | null } | null;
  }[];
}

interface SyncAnswer {
  error: string | null;
  created: number;
  moved: number;
  canceled: number;
}

/** The property's booking calendars: last sync, a failing feed's sentence, the bookings and their turnovers; Sync now. */
export function CalendarPanel({ propertyId, timeZone }: { propertyId: string; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const notify = useNotify();
  const [view, setView] = useState<CalendarView | null>(null);
  const [syncing, setSyncing] = useState(false);
  const load = useCallback(
    () => apiJson<CalendarView>(`/properties/${propertyId}/calendar`).then(setView),
    [propertyId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const syncNow = async () => {
    setSyncing(true);
    try {
      const answer = await apiJson<SyncAnswer>(`/properties/${propertyId}/calendar/sync`, { method: 'POST' });
      notify(
        answer.error ??
          t('dispatch.calendarSynced', { created: answer.created, moved: answer.moved, canceled: answer.canceled }),
        { type: answer.error ? 'warning' : 'success' },
      );
      await load();
    } catch (error) {
      notify(error instanceof Error ? error.message : t('dispatch.syncFailed'), { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="calendar-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="calendar-title" component="h2" variant="h6">
            {t('dispatch.bookingCalendar')}
          </Typography>
          <Button variant="outlined" disabled={syncing} onClick={() => void syncNow()}>
            {t(syncing ? 'dispatch.syncing' : 'dispatch.syncNow')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {view?.last_synced_at
            ? t('dispatch.lastSynced', { when: formatDateTime(view.last_synced_at, timeZone, locale) })
            : t('dispatch.notSynced')}
        </Typography>
        {view?.last_error && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {view.last_error}
          </Alert>
        )}
        <List dense>
          {(view?.reservations ?? []).map((reservation) => (
            <ListItem key={reservation.uid} disableGutters>
              <ListItemText
                primary={`${reservation.start} → ${reservation.end} ${reservation.summary}`}
                secondary={
                  reservation.run
                    ? `${t('dispatch.turnoverStatus', { status: t(RUN_STATUS_STYLES[reservation.run.status].label) })}${reservation.run.due_at ? t('dispatch.dueSuffix', { when: formatDateTime(reservation.run.due_at, timeZone, locale) }) : ''}`
                    : t('dispatch.noTurnover')
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

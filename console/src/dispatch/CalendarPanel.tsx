import { formatDateTime } from '@turnproof/config/time-format';
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';

interface CalendarView {
  last_synced_at: string | null;
  last_error: string | null;
  reservations: {
    uid: string;
    summary: string;
    start: string;
    end: string;
    run: { id: string; status: string; due_at: string | null } | null;
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
          `Calendar synced: ${answer.created} new, ${answer.moved} moved, ${answer.canceled} canceled turnovers`,
        { type: answer.error ? 'warning' : 'success' },
      );
      await load();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The calendar could not be synced', { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="calendar-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="calendar-title" component="h2" variant="h6">
            Booking calendar
          </Typography>
          <Button variant="outlined" disabled={syncing} onClick={() => void syncNow()}>
            {syncing ? 'Syncing...' : 'Sync now'}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {view?.last_synced_at ? `Last synced ${formatDateTime(view.last_synced_at, timeZone)}` : 'Not synced yet'}
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
                    ? `Turnover ${reservation.run.status.replace('_', ' ')}${reservation.run.due_at ? `, due ${formatDateTime(reservation.run.due_at, timeZone)}` : ''}`
                    : 'No turnover yet'
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

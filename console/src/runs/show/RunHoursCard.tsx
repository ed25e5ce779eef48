import { formatDateTime, formatTime } from '@turnproof/config/time-format';
import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import { formatDuration } from '../../analytics/format.ts';
import { apiJson } from '../../api/http.ts';
import { useT } from '../../i18n/useT.ts';

/** GET /api/runs/{id}/hours. */
interface RunHours {
  work_seconds: number | null;
  pauses: { paused_at: string; resumed_at: string | null }[];
  paused: boolean;
  arrived_at: string | null;
  far_from_property_meters: number | null;
  guest_present_at: string | null;
  late_checkout_minutes: number | null;
  slack_minutes: number | null;
}

const distance = (meters: number) => (meters < 1000 ? `${meters} m` : `${(meters / 1000).toFixed(1)} km`);

/**
 * The run's hours: work time without pauses, each pause, arrival at the property, work far from it (a flag),
 * "Guest still here", the late checkout and the slack left before the next check-in. Times in the property's zone.
 */
export function RunHoursCard({ runId, refreshKey, timeZone }: { runId: string; refreshKey: string; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const { data: hours, isPending } = useQuery({
    queryKey: ['run-hours', runId, refreshKey],
    queryFn: () => apiJson<RunHours>(`/runs/${runId}/hours`),
    placeholderData: (previous) => previous,
  });
  const when = (at: string) => formatDateTime(at, timeZone, locale);
  const lines: string[] = [];
  if (hours) {
    for (const pause of hours.pauses) {
      lines.push(
        pause.resumed_at
          ? t('hours.pause', {
              from: when(pause.paused_at),
              to: formatTime(pause.resumed_at, timeZone, locale),
              length: formatDuration((Date.parse(pause.resumed_at) - Date.parse(pause.paused_at)) / 1000),
            })
          : t('hours.pausedNow', { from: when(pause.paused_at) }),
      );
    }
    if (hours.arrived_at) lines.push(t('hours.arrived', { time: when(hours.arrived_at) }));
    if (hours.guest_present_at) lines.push(t('hours.guestPresent', { time: when(hours.guest_present_at) }));
    if (hours.late_checkout_minutes !== null)
      lines.push(t('hours.lateCheckout', { time: formatDuration(hours.late_checkout_minutes * 60) }));
  }
  const slack = hours?.slack_minutes ?? null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-hours">
      <CardContent>
        <Stack spacing={1}>
          <Typography id="run-hours" component="h2" variant="h6">
            {t('hours.title')}
          </Typography>
          {isPending && <Typography variant="body2">{t('hours.loading')}</Typography>}
          {hours && (
            <Typography variant="body1">
              {hours.work_seconds === null
                ? t('hours.notStarted')
                : t('hours.workTime', { time: formatDuration(hours.work_seconds) })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {hours?.paused && <Chip color="warning" label={t('hours.pausedChip')} />}
            {hours?.far_from_property_meters != null && (
              <Chip
                color="error"
                variant="outlined"
                label={t('hours.far', { distance: distance(hours.far_from_property_meters) })}
              />
            )}
            {slack !== null && (
              <Chip
                color={slack < 0 ? 'error' : 'default'}
                variant="outlined"
                label={
                  slack < 0
                    ? t('hours.slackShort', { time: formatDuration(-slack * 60) })
                    : t('hours.slack', { time: formatDuration(slack * 60) })
                }
              />
            )}
          </Stack>
          {lines.length > 0 && (
            <List dense disablePadding>
              {lines.map((line) => (
                <ListItem key={line} disableGutters>
                  <ListItemText primary={line} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

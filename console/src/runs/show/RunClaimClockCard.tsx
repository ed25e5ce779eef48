import { formatDateTime } from '@turnproof/config/time-format';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useNotify } from 'react-admin';
import { apiJson } from '../../api/http.ts';
import { useT } from '../../i18n/useT.ts';

/** GET /api/runs/{id}/claim-clock. */
interface ClaimClockRecord {
  deadline_at: string;
  platform: 'airbnb' | 'unknown';
  checkout_at: string;
  next_check_in_at: string | null;
  time_zone: string;
  days_left: number;
  closed_at: string | null;
  outcome: 'filed' | 'no_claim' | null;
}

/**
 * A completed run's damage-claim deadline in the property's zone, the days left and the rule that sets
 * it; the host closes the claim here (filed, or none to make), which stops its reminders.
 */
export function RunClaimClockCard({ runId }: { runId: string }) {
  const t = useT();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['claim-clock', runId];
  const { data: clock } = useQuery({
    queryKey: key,
    queryFn: () => apiJson<ClaimClockRecord>(`/runs/${runId}/claim-clock`),
  });
  const close = useMutation({
    mutationFn: (outcome: 'filed' | 'no_claim') =>
      apiJson<ClaimClockRecord>(`/runs/${runId}/claim-clock/close`, { method: 'POST', body: { outcome } }),
    onSuccess: (closed) => queryClient.setQueryData(key, closed),
    onError: (error: Error) => notify(t('claimClock.closeFailed', { error: error.message }), { type: 'error' }),
  });
  if (!clock) return null;
  const when = (at: string) => formatDateTime(at, clock.time_zone, locale);
  const left =
    clock.days_left < 0
      ? t('claimClock.passed')
      : clock.days_left === 0
        ? t('claimClock.lastDay')
        : clock.days_left === 1
          ? t('claimClock.oneDayLeft')
          : t('claimClock.daysLeft', { days: clock.days_left });
  return (
    <Card variant="outlined" component="section" aria-labelledby="claim-clock">
      <CardContent>
        <Stack spacing={1}>
          <Typography id="claim-clock" component="h2" variant="h6">
            {t('claimClock.title')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {t('claimClock.deadline', { time: when(clock.deadline_at) })}
            </Typography>
            {!clock.closed_at && <Chip color={clock.days_left <= 3 ? 'error' : 'default'} label={left} />}
          </Stack>
          <Typography variant="body2">{t(`claimClock.${clock.platform}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('claimClock.checkout', { time: when(clock.checkout_at) })}
            {clock.next_check_in_at && ` · ${t('claimClock.nextCheckIn', { time: when(clock.next_check_in_at) })}`}
          </Typography>
          {clock.closed_at ? (
            <Typography variant="body2" role="status">
              {t(clock.outcome === 'filed' ? 'claimClock.closedFiled' : 'claimClock.closedNoClaim', {
                time: when(clock.closed_at),
              })}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('claimClock.reminders')}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="contained" disabled={close.isPending} onClick={() => close.mutate('filed')}>
                  {t('claimClock.filed')}
                </Button>
                <Button variant="outlined" disabled={close.isPending} onClick={() => close.mutate('no_claim')}>
                  {t('claimClock.noClaim')}
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

import { Alert, AlertTitle } from '@mui/material';
import { useNow } from './useNow.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// The spec refreshes the countdown every 60 s.
const REFRESH_MS = 60_000;

/** The spec's labels: more than 3 days 'Free Trial Active', 3 or less 'Trial Expiring', 1 or less 'Trial Ending Soon!'. */
export function trialLabel(daysLeft: number): { title: string; severity: 'info' | 'warning' | 'error' } {
  if (daysLeft <= 1) return { title: 'Trial Ending Soon!', severity: 'error' };
  if (daysLeft <= 3) return { title: 'Trial Expiring', severity: 'warning' };
  return { title: 'Free Trial Active', severity: 'info' };
}

export function TrialCountdown({ endsAt }: { endsAt: string }) {
  const now = useNow(REFRESH_MS);
  const daysLeft = Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / DAY_MS));
  const { title, severity } = trialLabel(daysLeft);
  return (
    <Alert severity={severity} variant="outlined" role="status">
      <AlertTitle>{title}</AlertTitle>
      {daysLeft === 1 ? '1 day left' : `${daysLeft} days left`} in your free trial.
    </Alert>
  );
}

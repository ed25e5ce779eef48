import { Alert, AlertTitle } from '@mui/material';
import { useNow } from './useNow.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// The spec refreshes the countdown every 60 s.
const REFRESH_MS = 60_000;

/** The spec's labels: more than 3 days 'Free Trial Active', 3 or less 'Trial Expiring', 1 or less 'Trial Ending Soon!'. */
export function trialLabel(daysLeft: number): { title: MessageKey; severity: 'info' | 'warning' | 'error' } {
  if (daysLeft <= 1) return { title: 'dashboard.trialEndingSoon', severity: 'error' };
  if (daysLeft <= 3) return { title: 'dashboard.trialExpiring', severity: 'warning' };
  return { title: 'dashboard.freeTrialActive', severity: 'info' };
}

export function TrialCountdown({ endsAt }: { endsAt: string }) {
  const t = useT();
  const now = useNow(REFRESH_MS);
  const daysLeft = Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / DAY_MS));
  const { title, severity } = trialLabel(daysLeft);
  return (
    <Alert severity={severity} variant="outlined" role="status">
      <AlertTitle>{t(title)}</AlertTitle>
      {t('dashboard.daysLeft', { smart_count: daysLeft })}
    </Alert>
  );
}

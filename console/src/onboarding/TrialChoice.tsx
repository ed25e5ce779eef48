import { deviceZone, formatDay } from '@turnproof/config/time-format';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useLocale, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { errorMessage } from '../auth/authApi.ts';
import { useT } from '../i18n/useT.ts';

/**
 * For an owner on the sign-up trial: go on with it instead of picking a plan now. It names the plan whose
 * features the trial opens and the reports it really allows (metered at Flex's monthly cap until a plan
 * is bought), not the plan's own included reports.
 */
export function TrialChoice({
  endsAt,
  planName,
  reportsPerMonth,
  onContinue,
}: {
  endsAt: string;
  planName: string;
  reportsPerMonth: number | null;
  onContinue: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function continueTrial() {
    setBusy(true);
    try {
      await apiJson('/onboarding/complete', { method: 'POST' });
      onContinue();
    } catch (error) {
      notify(errorMessage(error, t('gettingStarted.saveFailed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const date = formatDay(endsAt, deviceZone(), 'long', locale);
  return (
    <Alert
      severity="success"
      action={
        <Button color="inherit" onClick={continueTrial} disabled={busy}>
          {busy ? t('common.saving') : t('gettingStarted.continueTrial')}
        </Button>
      }
    >
      {reportsPerMonth === null
        ? t('gettingStarted.trialUntil', { plan: planName, date })
        : t('gettingStarted.trialUntilWithReports', { plan: planName, date, reports: reportsPerMonth })}
    </Alert>
  );
}

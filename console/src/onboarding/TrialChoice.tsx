import { deviceZone, formatDay } from '@turnproof/config/time-format';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { errorMessage } from '../auth/authApi.ts';

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
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function continueTrial() {
    setBusy(true);
    try {
      await apiJson('/onboarding/complete', { method: 'POST' });
      onContinue();
    } catch (error) {
      notify(errorMessage(error, 'Your choice could not be saved. Please try again.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert
      severity="success"
      action={
        <Button color="inherit" onClick={continueTrial} disabled={busy}>
          {busy ? 'Saving...' : 'Continue with free trial'}
        </Button>
      }
    >
      Your free trial of {planName} runs until {formatDay(endsAt, deviceZone(), 'long')}
      {reportsPerMonth === null ? '.' : `, with up to ${reportsPerMonth} reports a month.`} Pick a plan now, or later
      from Plans & Billing.
    </Alert>
  );
}

import CelebrationIcon from '@mui/icons-material/Celebration';
import { Alert, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useRedirect } from 'react-admin';
import { errorMessage } from '../auth/authApi.ts';
import { useSessionEnded } from '../auth/session.ts';
import type { Plan, PlanKey } from '../types.ts';
import { billingNotSetUpSentence } from './billing-not-set-up.ts';
import { chosenPlan } from './chosen-plan.ts';
import { choosePlan } from './choosePlan.ts';
import { PlanPicker } from './PlanPicker.tsx';
import { PromoCodeBox } from './PromoCodeBox.tsx';
import { type T, useT } from '../i18n/useT.ts';

/**
 * The API's sentence (in the console's language when coded); an answer without one (a proxy's error page) by
 * its status, as the spec says.
 */
function checkoutErrorMessage(t: T, error: unknown): string {
  if (error instanceof HttpError) {
    const sentence = (error.body as { error?: unknown } | undefined)?.error;
    return typeof sentence === 'string' ? error.message : `HTTP ${error.status}`;
  }
  return errorMessage(error, t('plans.checkoutFailed'));
}

/** 'Choose Your Perfect Plan': launch banner, promo code box and plan picker. */
export function PlanChoice({
  plans,
  userId,
  current,
  onChosen,
}: {
  plans: Plan[];
  userId: string;
  current?: PlanKey | null;
  onChosen: (plan: Plan) => void;
}) {
  const t = useT();
  const [picking, setPicking] = useState<PlanKey | null>(null);
  const [billingNotice, setBillingNotice] = useState<string | null>(null);
  const notify = useNotify();
  const redirect = useRedirect();
  const sessionEnded = useSessionEnded();

  async function pick(planKey: PlanKey) {
    setPicking(planKey);
    try {
      const choice = await choosePlan(planKey);
      // Picked: the pricing page's choice has served.
      chosenPlan.forget();
      if (choice.kind === 'checkout') {
        window.location.assign(choice.url);
        return;
      }
      const plan = plans.find((candidate) => candidate.key === planKey);
      if (plan) onChosen(plan);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        // The session ended while the plans were on screen.
        // /auth reads the session ended, or it would send a session it still remembers on to the dashboard.
        sessionEnded();
        notify(t('plans.signInRequired'), { type: 'warning' });
        redirect('/auth');
        return;
      }
      const notSetUp = billingNotSetUpSentence(error);
      if (notSetUp) setBillingNotice(notSetUp);
      else notify(t('plans.checkoutError', { message: checkoutErrorMessage(t, error) }), { type: 'error' });
    } finally {
      setPicking(null);
    }
  }

  return (
    <Stack spacing={3}>
      <Alert icon={<CelebrationIcon />} severity="info" variant="outlined">
        <strong>{t('plans.launchOfferTitle')}</strong> {t('plans.launchOffer')}
      </Alert>
      <PromoCodeBox orgId={userId} />
      <Typography component="h2" variant="h6">
        {t('plans.pickPlan')}
      </Typography>
      {billingNotice && (
        <Alert severity="info" data-billing-not-set-up>
          {billingNotice}
        </Alert>
      )}
      <PlanPicker plans={plans} current={current} chosen={chosenPlan.current()} picking={picking} onPick={pick} />
    </Stack>
  );
}

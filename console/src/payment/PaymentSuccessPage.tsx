import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { paths } from '../layout/navigation.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { usePaymentVerification } from './usePaymentVerification.ts';

// The spec's redirects: 1 s when the plan was on as the host came back (the post-checkout page), 2 s after a
// verification that had to wait for it, 3 s when the check itself failed.
const REDIRECT_ON_ARRIVAL_MS = 1_000;
const REDIRECT_MS = 2_000;
const REDIRECT_AFTER_ERROR_MS = 3_000;

/**
 * /payment-success?session_id=…: Stripe sends the host back here. The session must be one this owner
 * started; the plan appears once Stripe's webhook has been applied.
 */
export function PaymentSuccessPage() {
  const t = useT();
  usePageTitle(t('nav.paymentSuccess'));
  const [searchParams] = useSearchParams();
  const verification = usePaymentVerification(searchParams.get('session_id'));
  const { state } = verification;
  const navigate = useNavigate();
  const notify = useNotify();
  const redirectAfter =
    state === 'failed'
      ? REDIRECT_AFTER_ERROR_MS
      : state === 'verified'
        ? verification.onArrival
          ? REDIRECT_ON_ARRIVAL_MS
          : REDIRECT_MS
        : null;

  // After success, or when the check itself failed, the dashboard opens by itself a moment later.
  useEffect(() => {
    if (redirectAfter === null) return;
    if (state === 'failed') {
      notify(t('payment.successToast'), { type: 'success' });
    }
    const timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), redirectAfter);
    return () => clearTimeout(timer);
  }, [redirectAfter, state, navigate, notify, t]);

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          {(state === 'verifying' || state === 'failed') && (
            <>
              <CircularProgress aria-label={t('payment.confirming')} />
              <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
                {t('payment.confirmingHeading')}
              </Typography>
            </>
          )}
          {state === 'verified' && (
            <>
              <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
                {t('payment.allSet')}
              </Typography>
              <Typography color="text.secondary">{t('payment.preparing')}</Typography>
            </>
          )}
          {state === 'pending' && (
            <>
              <Typography component="h1" variant="h5" gutterBottom>
                {t('payment.received')}
              </Typography>
              <Alert severity="info" sx={{ mb: 2, textAlign: 'left' }}>
                {t('payment.beingConfirmed')}
              </Alert>
              <Button variant="contained" onClick={() => navigate(paths.dashboard)}>
                {t('payment.goToDashboard')}
              </Button>
            </>
          )}
          {state === 'rejected' && (
            <>
              <Typography component="h1" variant="h5" gutterBottom>
                {t('payment.notConfirmed')}
              </Typography>
              <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
                {verification.message}
              </Alert>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
                <Button variant="contained" onClick={() => navigate(paths.subscription)}>
                  {t('payment.viewPlans')}
                </Button>
                <Button variant="outlined" onClick={() => navigate(paths.dashboard)}>
                  {t('payment.backToDashboard')}
                </Button>
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

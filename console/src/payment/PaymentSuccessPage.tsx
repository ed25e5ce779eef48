import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { forgetSession, getSession, useRefreshSession } from '../auth/session.ts';
import { paths } from '../layout/navigation.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';

// The spec's verification: wait 2 s, check, retry every 3 s up to 5 times; redirect 2 s after success.
const FIRST_CHECK_MS = 2_000;
const RETRY_MS = 3_000;
const RETRIES = 5;
const REDIRECT_MS = 2_000;
const REDIRECT_AFTER_ERROR_MS = 3_000;

type State = 'verifying' | 'verified' | 'pending';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /payment-success: Stripe sends the host back here; the plan appears once the webhook has been applied. */
export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const [state, setState] = useState<State>('verifying');
  const navigate = useNavigate();
  const notify = useNotify();
  const refreshSession = useRefreshSession();

  useEffect(() => {
    let cancelled = false;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    async function verify() {
      try {
        await wait(FIRST_CHECK_MS);
        for (let attempt = 0; attempt <= RETRIES && !cancelled; attempt += 1) {
          forgetSession();
          if ((await getSession()).access?.subscribed) {
            await apiJson('/onboarding/complete', { method: 'POST' });
            await refreshSession();
            if (cancelled) return;
            setState('verified');
            redirect = setTimeout(() => navigate(paths.dashboard, { replace: true }), REDIRECT_MS);
            return;
          }
          if (attempt < RETRIES) await wait(RETRY_MS);
        }
        if (!cancelled) setState('pending');
      } catch {
        if (cancelled) return;
        notify('Payment successful! Your plan will appear on your dashboard shortly.', { type: 'success' });
        redirect = setTimeout(() => navigate(paths.dashboard, { replace: true }), REDIRECT_AFTER_ERROR_MS);
      }
    }
    void verify();
    return () => {
      cancelled = true;
      clearTimeout(redirect);
    };
  }, [navigate, notify, refreshSession]);

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          {state === 'verifying' && (
            <>
              <CircularProgress aria-label="Confirming your payment" />
              <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
                Confirming your payment...
              </Typography>
            </>
          )}
          {state === 'verified' && (
            <>
              <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
                You're all set!
              </Typography>
              <Typography color="text.secondary">Preparing your dashboard...</Typography>
            </>
          )}
          {state === 'pending' && (
            <>
              <Typography component="h1" variant="h5" gutterBottom>
                Payment received
              </Typography>
              <Alert severity="info" sx={{ mb: 2, textAlign: 'left' }}>
                Your payment is being confirmed. Your plan will appear on your dashboard shortly.
              </Alert>
              <Button variant="contained" onClick={() => navigate(paths.dashboard)}>
                Go to Dashboard
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

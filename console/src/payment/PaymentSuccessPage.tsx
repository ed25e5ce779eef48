import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const VERIFICATION_KEY = ['payment-verification'];

/** Whether the webhook has been applied: the session read afresh, not from its few-second cache. */
async function subscribed(): Promise<boolean> {
  forgetSession();
  return Boolean((await getSession()).access?.subscribed);
}

/**
 * The plan check as a query that polls itself (refetchInterval) until the plan shows or the retries are
 * spent; then onboarding is marked complete once (a mutation) and the dashboard opens.
 */
function usePaymentVerification(): { state: State; failed: boolean } {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const complete = useMutation({
    mutationFn: async () => {
      await apiJson('/onboarding/complete', { method: 'POST' });
      await refreshSession();
    },
  });
  const check = useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: subscribed,
    enabled: started,
    retry: false,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data === true || query.state.dataUpdateCount > RETRIES || query.state.error ? false : RETRY_MS,
  });
  const { mutate } = complete;
  const paid = check.data === true;
  useEffect(() => {
    if (paid) mutate();
  }, [paid, mutate]);

  if (complete.isSuccess) return { state: 'verified', failed: false };
  const failed = check.isError || complete.isError;
  // How many checks have answered (read from the query's state; dataUpdatedAt makes each one re-render).
  const checks = check.dataUpdatedAt ? (queryClient.getQueryState(VERIFICATION_KEY)?.dataUpdateCount ?? 0) : 0;
  const spent = checks > RETRIES && check.data === false;
  return { state: spent ? 'pending' : 'verifying', failed };
}

/** /payment-success: Stripe sends the host back here; the plan appears once the webhook has been applied. */
export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const { state, failed } = usePaymentVerification();
  const navigate = useNavigate();
  const notify = useNotify();

  // After success, or when the check itself failed, the dashboard opens by itself a moment later.
  useEffect(() => {
    if (state !== 'verified' && !failed) return;
    if (failed) notify('Payment successful! Your plan will appear on your dashboard shortly.', { type: 'success' });
    const timer = setTimeout(
      () => navigate(paths.dashboard, { replace: true }),
      failed ? REDIRECT_AFTER_ERROR_MS : REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [state, failed, navigate, notify]);

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

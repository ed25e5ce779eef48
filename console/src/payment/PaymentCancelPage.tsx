import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { paths } from '../layout/navigation.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';

/** /payment-cancel: Stripe checkout was left without paying. */
export function PaymentCancelPage() {
  const t = useT();
  usePageTitle(t('nav.paymentCancel'));
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {t('payment.cancelled')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('payment.noCharge')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => navigate(paths.subscription)}>
              {t('payment.tryAgain')}
            </Button>
            <Button variant="outlined" onClick={() => navigate(paths.dashboard)}>
              {t('payment.backToDashboard')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

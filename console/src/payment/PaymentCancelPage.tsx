import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { paths } from '../layout/navigation.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';

/** /payment-cancel: Stripe checkout was left without paying. */
export function PaymentCancelPage() {
  usePageTitle('Payment Cancelled');
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            Payment cancelled
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            No charge was made. You can pick a plan again whenever you are ready.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => navigate(paths.subscription)}>
              Try Payment Again
            </Button>
            <Button variant="outlined" onClick={() => navigate(paths.dashboard)}>
              Back to Dashboard
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

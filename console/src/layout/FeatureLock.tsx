import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TIER_BADGES, upgradeMessage } from '../plans/tiers.ts';
import type { AccessTier } from '../types.ts';

const PlanPickerDialog = lazy(() =>
  import('../plans/PlanPickerDialog.tsx').then((m) => ({ default: m.PlanPickerDialog })),
);

/**
 * The spec's lock screen of a feature the owner's plan lacks: 'Feature Locked', why (the feature's upgrade
 * message, else the tier's), 'Upgrade to Professional' opening the plan picker, and 'Go Back'.
 */
export function FeatureLock({
  feature,
  message,
  tier = 'professional',
}: {
  feature: string;
  message?: string;
  tier?: AccessTier;
}) {
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  return (
    <Card component="section" aria-labelledby="feature-lock-title" sx={{ maxWidth: 560, mx: 'auto', mt: 4 }}>
      <Title title={feature} />
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            mx: 'auto',
            mb: 2,
          }}
        >
          <LockIcon fontSize="large" color="primary" aria-hidden />
        </Box>
        <Chip label={`${feature} · ${TIER_BADGES[tier]}`} color="primary" size="small" sx={{ mb: 1 }} />
        <Typography id="feature-lock-title" component="h2" variant="h5" gutterBottom>
          Feature Locked
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message ?? upgradeMessage(tier)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
          <Button variant="contained" onClick={() => setPicking(true)}>
            Upgrade to Professional
          </Button>
        </Stack>
      </CardContent>
      {picking && (
        <Suspense fallback={null}>
          <PlanPickerDialog open onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </Card>
  );
}

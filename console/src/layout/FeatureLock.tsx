import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';
import { lazyComponent } from './lazyPage.tsx';
import { useOpenedOnce } from './useOpenedOnce.ts';

// The dashboard shows the lock as a card, without a page title: the title's code loads with a page lock only.
const PageTitle = lazyComponent<{ title: string }>(() => import('./PageTitle.ts').then((m) => m.PageTitle));
const PlanPickerDialog = lazyComponent(() => import('../plans/PlanPickerDialog.tsx').then((m) => m.PlanPickerDialog));

interface FeatureLockProps {
  /** The feature's name, shown as its badge. */
  feature: string;
  /** Why it is locked: the server's or the spec's upgrade message (in the console's language). */
  message?: string;
  /** 'page' replaces a whole screen (with 'Go Back'); 'card' sits among a page's other cards. */
  variant?: 'page' | 'card';
}

/**
 * The lock screen of a feature the owner's plan lacks: 'Feature Locked', the reason, 'Upgrade to Pro'
 * opening the plan picker on the spot, and 'Go Back' to where the owner came from.
 */
export function FeatureLock({ feature, message, variant = 'page' }: FeatureLockProps) {
  const t = useT();
  const navigate = useNavigate();
  const titleId = useId();
  const [pickerOpen, setPickerOpen] = useState(false);
  const pickerLoaded = useOpenedOnce(pickerOpen);
  const page = variant === 'page';
  // A lock opened from a link in a new tab has no page to go back to: the dashboard is the way home.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/dashboard'));

  return (
    <Card
      component="section"
      variant={page ? 'elevation' : 'outlined'}
      aria-labelledby={titleId}
      data-feature-lock={feature}
      sx={page ? { maxWidth: 560, mx: 'auto', mt: 4 } : undefined}
    >
      {page && <PageTitle title={feature} />}
      <CardContent sx={{ textAlign: 'center', py: page ? 5 : 3 }}>
        <Box
          sx={{
            width: page ? 64 : 48,
            height: page ? 64 : 48,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            mx: 'auto',
            mb: 2,
          }}
        >
          <LockIcon fontSize={page ? 'large' : 'medium'} color="primary" aria-hidden />
        </Box>
        <Chip label={feature} color="primary" size="small" sx={{ mb: 1 }} />
        <Typography id={titleId} component="h2" variant={page ? 'h5' : 'h6'} gutterBottom>
          {t('layout.featureLocked')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message ?? t(UPGRADE_MESSAGES.anyFeature)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => setPickerOpen(true)}>
            {t('upgrade.toPro')}
          </Button>
          {page && (
            <Button variant="outlined" onClick={goBack}>
              {t('common.back')}
            </Button>
          )}
        </Stack>
      </CardContent>
      {pickerLoaded && <PlanPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} />}
    </Card>
  );
}

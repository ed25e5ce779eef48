import { Button, Paper, Stack, Typography } from '@mui/material';
import { installOffer } from '@turnproof/config/install-offer';
import type { SxProps } from '@mui/material/styles';
import { useT } from '../i18n/useT.ts';

/** Install Turnproof: Install and Not now. Loaded on demand (ConsoleAdmin.tsx), when the offer shows. */
export function InstallPrompt({ sx }: { sx?: SxProps }) {
  const t = useT();
  return (
    <Paper
      component="section"
      aria-labelledby="install-title"
      elevation={6}
      sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, maxWidth: 420, mx: 'auto', p: 2, zIndex: 1400, ...sx }}
    >
      <Typography id="install-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('install.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('install.text')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={installOffer.dismiss}>{t('onboarding.notNow')}</Button>
        <Button variant="contained" onClick={() => void installOffer.install()}>
          {t('install.install')}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { BrandMark } from '../layout/BrandMark.tsx';

/**
 * The card of the sign-in, sign-up and password screens: centred, and on a phone at the top, where a slow link's
 * page that arrives in parts grows downward instead of moving the form up each time (and the keyboard has room).
 */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  usePageTitle(title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: { xs: 'start center', sm: 'center' },
        p: 2,
        pt: { xs: 4, sm: 2 },
        bgcolor: 'background.default',
      }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 420 }}>
        <Link href="/" underline="none" sx={{ display: 'flex', alignItems: 'center', gap: 1, alignSelf: 'center' }}>
          <BrandMark size={32} />
          <Typography component="span" variant="h6" color="text.primary">
            Turnproof
          </Typography>
        </Link>
        <Card variant="outlined">
          <CardContent sx={{ p: 3 }}>
            <Typography component="h1" variant="h5" gutterBottom>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
        <Typography variant="body2" color="text.secondary" align="center">
          <Link href="/privacy">{t('auth.privacy')}</Link> · <Link href="/terms">{t('auth.terms')}</Link>
        </Typography>
      </Stack>
    </Box>
  );
}

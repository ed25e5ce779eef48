import { deviceZone, formatDay } from '@turnproof/config/time-format';
import { Box, Chip, Typography } from '@mui/material';
import { useLocale } from 'react-admin';
import type { Access } from '../types.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

/** The sidebar's plan card: plan name and a status badge (Admin, Trial with its end, Active, Inactive). */
export function SubscriptionCard({ access }: { access: Access }) {
  const t = useT();
  const locale = useLocale();
  const badge: Record<Access['status'], { label: MessageKey; color: 'secondary' | 'info' | 'success' | 'default' }> = {
    admin: { label: 'layout.statusAdmin', color: 'secondary' },
    trial: { label: 'layout.statusTrial', color: 'info' },
    active: { label: 'layout.statusActive', color: 'success' },
    inactive: { label: 'layout.statusInactive', color: 'default' },
  };
  const { label, color } = badge[access.status];
  return (
    <Box
      aria-label={t('layout.subscriptionStatus')}
      role="group"
      sx={{ p: 1.5, mx: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{access.plan_name}</Typography>
        <Chip label={t(label)} color={color} size="small" />
      </Box>
      {access.status === 'trial' && access.trial_ends_at && (
        <Typography variant="caption" color="text.secondary">
          {t('layout.trialUntil', { date: formatDay(access.trial_ends_at, deviceZone(), 'medium', locale) })}
        </Typography>
      )}
    </Box>
  );
}

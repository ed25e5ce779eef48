import { deviceZone, formatDay } from '@turnproof/config/time-format';
import { Box, Chip, Typography } from '@mui/material';
import type { Access } from '../types.ts';

/** The sidebar's plan card: plan name and a status badge (Admin, Trial with its end, Active, Inactive). */
export function SubscriptionCard({ access }: { access: Access }) {
  const badge: Record<Access['status'], { label: string; color: 'secondary' | 'info' | 'success' | 'default' }> = {
    admin: { label: 'Admin', color: 'secondary' },
    trial: { label: 'Trial', color: 'info' },
    active: { label: 'Active', color: 'success' },
    inactive: { label: 'Inactive', color: 'default' },
  };
  const { label, color } = badge[access.status];
  return (
    <Box
      aria-label="Subscription status"
      role="group"
      sx={{ p: 1.5, mx: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{access.plan_name}</Typography>
        <Chip label={label} color={color} size="small" />
      </Box>
      {access.status === 'trial' && access.trial_ends_at && (
        <Typography variant="caption" color="text.secondary">
          Until {formatDay(access.trial_ends_at, deviceZone())}
        </Typography>
      )}
    </Box>
  );
}

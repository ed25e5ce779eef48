import { deviceZone, formatDay } from '@turnproof/config/time-format';
import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { errorMessage } from '../auth/authApi.ts';
import { useRefreshSession, useSession } from '../auth/session.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useOnboarding } from '../onboarding/useOnboarding.ts';
import { PlanChoice } from './PlanChoice.tsx';
import { billingNotSetUpSentence } from './billing-not-set-up.ts';

const INCLUDED = [
  'Magic links for cleaners: no account, no app store',
  'Photo and video proof on every task that needs it',
  'Time-stamped PDF report after each run, e-mailed to you',
  'Works offline on the phone; syncs when back online',
  'Analytics and team members on Pro and Team',
];

/** /subscription, Plans & Billing: the current plan, the four plans, the promo code and what is included. */
export function SubscriptionPage() {
  usePageTitle('Plans & Billing');
  const session = useSession();
  const onboarding = useOnboarding();
  const refreshSession = useRefreshSession();
  const notify = useNotify();
  const [openingPortal, setOpeningPortal] = useState(false);
  const access = session.data?.access;
  const user = session.data?.user;

  async function openPortal() {
    setOpeningPortal(true);
    try {
      const { url } = await apiJson<{ url: string }>('/stripe/portal', { method: 'POST' });
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      const notSetUp = billingNotSetUpSentence(error);
      if (notSetUp) notify(notSetUp, { type: 'info' });
      else notify(`Portal Error: ${errorMessage(error, 'Failed to open customer portal')}`, { type: 'error' });
    } finally {
      setOpeningPortal(false);
    }
  }

  if (!access || !user || !onboarding.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading your plan" />
      </Box>
    );
  }
  const renewal = access.on_trial ? access.trial_ends_at : access.subscription_ends_at;
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Plans & Billing
      </Typography>
      <Card variant="outlined" component="section" aria-labelledby="current-plan">
        <CardContent>
          <Typography id="current-plan" component="h2" variant="h6" gutterBottom>
            Current plan
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h5" component="p">
              {access.plan_name}
            </Typography>
            <Chip
              size="small"
              label={{ admin: 'Admin', trial: 'Trial', active: 'Active', inactive: 'Inactive' }[access.status]}
            />
          </Box>
          {renewal && (
            <Typography color="text.secondary">
              {access.on_trial ? 'Free trial until' : 'Current period ends'} {formatDay(renewal, deviceZone(), 'long')}
            </Typography>
          )}
          <Typography color="text.secondary">
            Reports this period: {access.reports.used}
            {access.reports.cap !== null
              ? ` of ${access.reports.cap}`
              : access.reports.included > 0
                ? ` (${access.reports.included} included)`
                : ''}
          </Typography>
          {access.subscribed && !access.is_admin && (
            <Button variant="outlined" onClick={openPortal} disabled={openingPortal} sx={{ mt: 2 }}>
              {openingPortal ? 'Opening...' : 'Manage Billing'}
            </Button>
          )}
        </CardContent>
      </Card>
      <PlanChoice
        plans={onboarding.data.plans}
        userId={user.id}
        current={access.plan_key}
        onChosen={async (plan) => {
          notify(`${plan.name} plan selected`, { type: 'success' });
          await refreshSession();
        }}
      />
      <Card variant="outlined" component="section" aria-labelledby="whats-included">
        <CardContent>
          <Typography id="whats-included" component="h2" variant="h6">
            What's Included
          </Typography>
          <List dense>
            {INCLUDED.map((item) => (
              <ListItem key={item} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon fontSize="small" color="success" />
                </ListItemIcon>
                {item}
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            Monthly plans start with a 14-day free trial. Cancel any time; plan changes are prorated; no setup fee.
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}

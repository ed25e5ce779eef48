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
import { useLocale, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { errorMessage } from '../auth/authApi.ts';
import { useRefreshSession, useSession } from '../auth/session.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useOnboarding } from '../onboarding/useOnboarding.ts';
import { PlanChoice } from './PlanChoice.tsx';
import { billingNotSetUpSentence } from './billing-not-set-up.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import type { Access } from '../types.ts';

const INCLUDED: MessageKey[] = [
  'plans.included1',
  'plans.included2',
  'plans.included3',
  'plans.included4',
  'plans.included5',
];
const STATUS_LABELS: Record<Access['status'], MessageKey> = {
  admin: 'layout.statusAdmin',
  trial: 'layout.statusTrial',
  active: 'layout.statusActive',
  inactive: 'layout.statusInactive',
};

/** /subscription, Plans & Billing: the current plan, the four plans, the promo code and what is included. */
export function SubscriptionPage() {
  const t = useT();
  const locale = useLocale();
  usePageTitle(t('plans.title'));
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
      else notify(t('plans.portalError', { message: errorMessage(error, t('plans.portalFailed')) }), { type: 'error' });
    } finally {
      setOpeningPortal(false);
    }
  }

  if (!access || !user || !onboarding.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('plans.loadingPlan')} />
      </Box>
    );
  }
  const renewal = access.on_trial ? access.trial_ends_at : access.subscription_ends_at;
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {t('plans.title')}
      </Typography>
      <Card variant="outlined" component="section" aria-labelledby="current-plan">
        <CardContent>
          <Typography id="current-plan" component="h2" variant="h6" gutterBottom>
            {t('plans.currentPlan')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h5" component="p">
              {access.plan_name}
            </Typography>
            <Chip size="small" label={t(STATUS_LABELS[access.status])} />
          </Box>
          {renewal && (
            <Typography color="text.secondary">
              {t(access.on_trial ? 'plans.trialUntil' : 'plans.periodEnds', {
                date: formatDay(renewal, deviceZone(), 'long', locale),
              })}
            </Typography>
          )}
          <Typography color="text.secondary">
            {access.reports.cap !== null
              ? t('plans.reportsUsedOf', { used: access.reports.used, cap: access.reports.cap })
              : access.reports.included > 0
                ? t('plans.reportsUsedIncluded', { used: access.reports.used, included: access.reports.included })
                : t('plans.reportsUsed', { used: access.reports.used })}
          </Typography>
          {access.subscribed && !access.is_admin && (
            <Button variant="outlined" onClick={openPortal} disabled={openingPortal} sx={{ mt: 2 }}>
              {openingPortal ? t('plans.opening') : t('plans.manageBilling')}
            </Button>
          )}
        </CardContent>
      </Card>
      <PlanChoice
        plans={onboarding.data.plans}
        userId={user.id}
        current={access.plan_key}
        onChosen={async (plan) => {
          notify(t('plans.planSelected', { plan: plan.name }), { type: 'success' });
          await refreshSession();
        }}
      />
      <Card variant="outlined" component="section" aria-labelledby="whats-included">
        <CardContent>
          <Typography id="whats-included" component="h2" variant="h6">
            {t('plans.whatsIncluded')}
          </Typography>
          <List dense>
            {INCLUDED.map((item) => (
              <ListItem key={item} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon fontSize="small" color="success" />
                </ListItemIcon>
                {t(item)}
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            {t('plans.trialNote')}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}

import { LateCheckoutsCard } from './LateCheckoutsCard.tsx';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useSession } from '../auth/session.ts';
import { lazyComponent } from '../layout/lazyPage.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useOpenedOnce } from '../layout/useOpenedOnce.ts';
import { useOnboarding } from '../onboarding/useOnboarding.ts';
import { upgradeBannerMessages } from '../plans/upgrade-messages.ts';
import { AfterFirstPaint } from './AfterFirstPaint.tsx';
import { OpenIssuesCard } from './OpenIssuesCard.tsx';
import { PlanUsageCard } from './PlanUsageCard.tsx';
import { PropertiesCard } from './PropertiesCard.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { StatCards } from './StatCards.tsx';
import { SuccessStoryCard } from './SuccessStoryCard.tsx';
import { TeamCard } from './TeamCard.tsx';
import { TrialCountdown } from './TrialCountdown.tsx';
import { UnlockAnalytics } from './UnlockAnalytics.tsx';
import { UpgradeBanner } from './UpgradeBanner.tsx';
import { useDashboard } from './useDashboard.ts';
import { useT } from '../i18n/useT.ts';

// Shown after the figures (the setup checklist, the one onboarding checklist, needs its own request) or on
// demand: not in the first download.
const SetupChecklist = lazyComponent(() => import('../onboarding/SetupChecklist.tsx').then((m) => m.SetupChecklist));
const PlanPickerDialog = lazyComponent(() => import('../plans/PlanPickerDialog.tsx').then((m) => m.PlanPickerDialog));

/**
 * /dashboard: greeting, stat cards, properties, recent activity, plan meters, the team card (gated by plan),
 * a success story and upgrade prompts.
 */
export function Dashboard() {
  const t = useT();
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const dashboard = useDashboard();
  const onboarding = useOnboarding();
  const [planPickerOpen, setPlanPickerOpen] = useState(false);
  const planPickerLoaded = useOpenedOnce(planPickerOpen);

  const name = session.data?.profile?.display_name?.trim() || session.data?.user?.email.split('@')[0] || '';
  const firstName = name.split(/\s+/)[0];

  if (dashboard.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('dashboard.loading')} />
      </Box>
    );
  }
  if (dashboard.isError) {
    return <Alert severity="error">{t('dashboard.loadFailed')}</Alert>;
  }
  const { stats, properties, recent_runs, late_checkouts } = dashboard.data;
  // The session's access is the one re-checked every 5 minutes; the dashboard's own copy serves the first render.
  const access = session.data?.access ?? dashboard.data.access;
  const setupOpen = onboarding.data && onboarding.data.completed < onboarding.data.total;
  const upgradeMessages = upgradeBannerMessages(access);
  const userId = session.data?.user?.id ?? '';
  // A host who has sent no run yet is new here: welcomed, not welcomed back.
  const greeting = t(stats.runs > 0 ? 'dashboard.welcomeBack' : 'dashboard.welcome', { name: firstName ?? '' });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h1" variant="h4">
          {greeting}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.subtitle')}</Typography>
      </Box>
      {upgradeMessages.length > 0 && (
        <UpgradeBanner messages={upgradeMessages} onUpgrade={() => setPlanPickerOpen(true)} />
      )}
      {access.on_trial && access.trial_ends_at && <TrialCountdown endsAt={access.trial_ends_at} />}
      <StatCards stats={stats} />
      <AfterFirstPaint>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <LateCheckoutsCard runs={late_checkouts ?? []} />
          <OpenIssuesCard />
          <PropertiesCard properties={properties} total={stats.properties} />
          <RecentActivity runs={recent_runs} />
          {!access.is_admin && <PlanUsageCard access={access} properties={stats.properties} orgId={userId} />}
          {!access.features.analytics && <UnlockAnalytics onUpgrade={() => setPlanPickerOpen(true)} />}
          <TeamCard allowed={access.features.team} />
          <SuccessStoryCard />
        </Box>
        {setupOpen && onboarding.data && <SetupChecklist state={onboarding.data} />}
      </AfterFirstPaint>
      {planPickerLoaded && <PlanPickerDialog open={planPickerOpen} onClose={() => setPlanPickerOpen(false)} />}
    </Stack>
  );
}

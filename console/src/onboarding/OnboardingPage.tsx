import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogout } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { useRefreshSession, useSession } from '../auth/session.ts';
import { useT } from '../i18n/useT.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { PlanChoice } from '../plans/PlanChoice.tsx';
import type { Plan } from '../types.ts';
import { SetupChecklist } from './SetupChecklist.tsx';
import { TrialChoice } from './TrialChoice.tsx';
import { useOnboarding } from './useOnboarding.ts';

/** The spec: after a plan is picked, the dashboard opens 2 s later. */
const REDIRECT_AFTER_PICK_MS = 2_000;

const FEATURES = [
  { Icon: HomeWorkIcon, title: 'gettingStarted.propertiesTitle', text: 'gettingStarted.propertiesText' },
  { Icon: AssignmentTurnedInIcon, title: 'gettingStarted.checklistsTitle', text: 'gettingStarted.checklistsText' },
  { Icon: GroupsIcon, title: 'gettingStarted.teamTitle', text: 'gettingStarted.teamText' },
] as const;

type View = 'welcome' | 'plans' | 'checklist';

/** /onboarding: welcome, then 'Choose Your Perfect Plan', then 'Let's Set Up Your Account'. */
export function OnboardingPage() {
  const t = useT();
  usePageTitle(t('nav.welcome'));
  const session = useSession();
  const onboarding = useOnboarding(Boolean(session.data?.user));
  const refreshSession = useRefreshSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('welcome');
  const [chosen, setChosen] = useState<Plan | 'trial' | null>(null);

  useEffect(() => {
    if (!chosen) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_AFTER_PICK_MS);
    return () => clearTimeout(timer);
  }, [chosen, navigate]);

  if (session.isPending || (session.data?.user && onboarding.isPending)) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const user = session.data?.user;
  if (!user) return <Navigate to="/auth" replace />;
  const access = session.data?.access;
  // The spec: subscribed or admin users (and those who finished onboarding) go on to the dashboard.
  if (!chosen && access && (access.is_admin || access.subscribed || access.onboarding_completed)) {
    return <Navigate to="/dashboard" replace />;
  }
  if (onboarding.isError || !onboarding.data) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error">{t('gettingStarted.loadFailed')}</Alert>
      </Container>
    );
  }

  const name = session.data?.profile?.display_name?.trim() || user.email.split('@')[0] || user.email;

  async function planChosen(plan: Plan | 'trial') {
    setChosen(plan);
    setView('checklist');
    await refreshSession();
    await onboarding.refetch();
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 3, md: 6 } }}>
      <Container maxWidth={view === 'plans' ? 'lg' : 'md'}>
        {view === 'welcome' && (
          <Stack spacing={4} sx={{ textAlign: 'center' }}>
            <Box>
              <Typography component="h1" variant="h4" gutterBottom>
                {t('gettingStarted.welcome', { name })}
              </Typography>
              <Typography color="text.secondary">{t('gettingStarted.intro')}</Typography>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              {FEATURES.map(({ Icon, title, text }) => (
                <Card key={title} variant="outlined">
                  <CardContent>
                    <Icon color="primary" fontSize="large" aria-hidden />
                    <Typography component="h2" variant="h6">
                      {t(title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(text)}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" size="large" onClick={() => setView('plans')}>
                {t('gettingStarted.getStarted')}
              </Button>
              <Button variant="outlined" size="large" onClick={() => logout()}>
                {t('nav.signOut')}
              </Button>
            </Stack>
          </Stack>
        )}
        {view === 'plans' && (
          <Stack spacing={3}>
            <Box sx={{ textAlign: 'center' }}>
              <Typography component="h1" variant="h4" gutterBottom>
                {t('plans.choosePerfectPlan')}
              </Typography>
              <Typography color="text.secondary">{t('gettingStarted.payPerReport')}</Typography>
            </Box>
            {access?.on_trial && access.trial_ends_at && (
              <TrialChoice
                endsAt={access.trial_ends_at}
                planName={access.plan_name}
                reportsPerMonth={access.reports.cap}
                onContinue={() => planChosen('trial')}
              />
            )}
            <PlanChoice plans={onboarding.data.plans} userId={user.id} onChosen={planChosen} />
            <Button variant="text" onClick={() => setView('welcome')} sx={{ alignSelf: 'center' }}>
              {t('gettingStarted.back')}
            </Button>
          </Stack>
        )}
        {view === 'checklist' && (
          <Stack spacing={3}>
            <Typography component="h1" variant="h4">
              {t('gettingStarted.welcomeAboard', { name })}
            </Typography>
            {chosen && (
              <Alert severity="success" role="status">
                {chosen === 'trial'
                  ? t('gettingStarted.trialContinues')
                  : t('gettingStarted.planSelected', { plan: chosen.name })}
              </Alert>
            )}
            <SetupChecklist state={onboarding.data} />
            <Card variant="outlined">
              <CardContent>
                <Typography component="h2" variant="h6">
                  {t('gettingStarted.needHand')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t('gettingStarted.guideText')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button variant="outlined" href="/help">
                    {t('gettingStarted.viewGuide')}
                  </Button>
                  <Button variant="outlined" onClick={() => setView('plans')}>
                    {t('gettingStarted.chooseSubscription')}
                  </Button>
                  {access?.status !== 'inactive' && (
                    <Button variant="contained" onClick={() => navigate('/dashboard')}>
                      {t('payment.goToDashboard')}
                    </Button>
                  )}
                </Stack>
              </CardContent>
            </Card>
            <Button variant="text" onClick={() => logout()} sx={{ alignSelf: 'flex-start' }}>
              {t('nav.signOut')}
            </Button>
          </Stack>
        )}
      </Container>
    </Box>
  );
}

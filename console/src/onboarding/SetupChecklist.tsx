import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { TIER_BADGES, tierAtLeast } from '../plans/tiers.ts';
import type { OnboardingState, SetupStepId } from '../types.ts';
import { useCompleteStep } from './useOnboarding.ts';
import { UpgradeRequiredDialog } from './UpgradeRequiredDialog.tsx';

const STEP_TEXTS: Record<SetupStepId, { title: MessageKey; description: MessageKey; path: string }> = {
  'choose-plan': {
    title: 'gettingStarted.choosePlanTitle',
    description: 'gettingStarted.choosePlanText',
    path: '/subscription',
  },
  'add-property': {
    title: 'gettingStarted.addPropertyTitle',
    description: 'gettingStarted.addPropertyText',
    path: '/properties/create',
  },
  'create-checklist': {
    title: 'gettingStarted.createChecklistsTitle',
    description: 'gettingStarted.createChecklistsText',
    path: '/properties',
  },
  'invite-team': {
    title: 'onboarding.inviteTeamTitle',
    description: 'gettingStarted.inviteTeamText',
    path: '/settings/team',
  },
};

/** 'Let's Set Up Your Account': progress, one card per step, Start on incomplete steps, Pro badges. */
export function SetupChecklist({ state }: { state: OnboardingState }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const completeStep = useCompleteStep();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const tier = session.data?.access?.tier ?? 'starter';
  const percent = Math.round((state.completed / state.total) * 100);
  const firstOpen = state.steps.find((step) => !step.completed)?.id;
  const action = (locked: boolean) => (locked ? t('onboarding.upgrade') : t('onboarding.start'));

  function start(step: OnboardingState['steps'][number]) {
    if (step.requires && !tierAtLeast(tier, step.requires)) {
      setUpgradeOpen(true);
      return;
    }
    if (step.id !== 'choose-plan') completeStep.mutate(step.id);
    navigate(STEP_TEXTS[step.id].path);
  }

  return (
    <Box component="section" aria-labelledby="setup-title">
      <Typography id="setup-title" component="h2" variant="h5" gutterBottom>
        {t('gettingStarted.setupTitle')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
        <Typography color="text.secondary">
          {t('gettingStarted.completedOf', { done: state.completed, total: state.total })}
        </Typography>
        <Typography color="text.secondary">{percent}%</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('gettingStarted.setupProgress')}
        sx={{ mb: 2, height: 8, borderRadius: 4 }}
      />
      <Stack spacing={1.5}>
        {state.steps.map((step) => {
          const title = t(STEP_TEXTS[step.id].title);
          const locked = step.requires !== null && !tierAtLeast(tier, step.requires);
          const highlighted = step.id === firstOpen;
          return (
            <Card
              key={step.id}
              variant="outlined"
              sx={{ borderColor: highlighted ? 'primary.main' : undefined, borderWidth: highlighted ? 2 : 1 }}
            >
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
                {step.completed ? (
                  <CheckCircleIcon color="success" titleAccess={t('gettingStarted.completed')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={t('gettingStarted.notCompleted')} />
                )}
                <Box sx={{ flexGrow: 1 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {title}
                    {step.requires && locked && (
                      <Chip label={TIER_BADGES[step.requires]} size="small" color="secondary" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(STEP_TEXTS[step.id].description)}
                  </Typography>
                </Box>
                {!step.completed && (
                  <Button
                    variant={highlighted ? 'contained' : 'outlined'}
                    onClick={() => start(step)}
                    aria-label={t('onboarding.stepAction', { action: action(locked), step: title })}
                  >
                    {action(locked)}
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      <UpgradeRequiredDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </Box>
  );
}

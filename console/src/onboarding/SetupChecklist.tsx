import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session.ts';
import { TIER_BADGES, tierAtLeast } from '../plans/tiers.ts';
import type { OnboardingState, SetupStepId } from '../types.ts';
import { useCompleteStep } from './useOnboarding.ts';
import { UpgradeRequiredDialog } from './UpgradeRequiredDialog.tsx';

const STEP_TEXTS: Record<SetupStepId, { title: string; description: string; path: string }> = {
  'choose-plan': {
    title: 'Choose your plan',
    description: 'Pick the plan that fits how many turnovers you run.',
    path: '/subscription',
  },
  'add-property': {
    title: 'Add your first property',
    description: 'Name and address; default cleaning checklists come with it.',
    path: '/properties/create',
  },
  'create-checklist': {
    title: 'Create checklists',
    description: 'Adjust the tasks and required photos for each property.',
    path: '/properties',
  },
  'invite-team': {
    title: 'Invite your team',
    description: 'Add cleaners and co-hosts who receive the magic links.',
    path: '/settings/team',
  },
};

/** 'Let's Set Up Your Account': progress, one card per step, Start on incomplete steps, Pro badges. */
export function SetupChecklist({ state }: { state: OnboardingState }) {
  const navigate = useNavigate();
  const session = useSession();
  const completeStep = useCompleteStep();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const tier = session.data?.access?.tier ?? 'starter';
  const percent = Math.round((state.completed / state.total) * 100);
  const firstOpen = state.steps.find((step) => !step.completed)?.id;

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
        Let's Set Up Your Account
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
        <Typography color="text.secondary">
          {state.completed} of {state.total} completed
        </Typography>
        <Typography color="text.secondary">{percent}%</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Setup progress"
        sx={{ mb: 2, height: 8, borderRadius: 4 }}
      />
      <Stack spacing={1.5}>
        {state.steps.map((step) => {
          const texts = STEP_TEXTS[step.id];
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
                  <CheckCircleIcon color="success" titleAccess="Completed" />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess="Not completed" />
                )}
                <Box sx={{ flexGrow: 1 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {texts.title}
                    {step.requires && locked && (
                      <Chip label={TIER_BADGES[step.requires]} size="small" color="secondary" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {texts.description}
                  </Typography>
                </Box>
                {!step.completed && (
                  <Button
                    variant={highlighted ? 'contained' : 'outlined'}
                    onClick={() => start(step)}
                    aria-label={`${locked ? 'Upgrade' : 'Start'}: ${texts.title}`}
                  >
                    {locked ? 'Upgrade' : 'Start'}
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

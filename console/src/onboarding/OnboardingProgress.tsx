import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session.ts';
import { TIER_BADGES, tierAtLeast } from '../plans/tiers.ts';
import type { OnboardingState, ProgressStepId } from '../types.ts';
import { UpgradeRequiredDialog } from './UpgradeRequiredDialog.tsx';
import { useCompleteStep, useOnboarding } from './useOnboarding.ts';

export const PROGRESS_TEXTS: Record<ProgressStepId, { title: string; description: string; path: string }> = {
  'add-property': {
    title: 'Add a property',
    description: 'Where your turnovers and inspections happen.',
    path: '/properties/create',
  },
  'create-checklist': {
    title: 'Create a checklist',
    description: 'The tasks and required photos your cleaners work through.',
    path: '/properties',
  },
  'invite-team': {
    title: 'Invite your team',
    description: 'Cleaners and co-hosts who receive the magic links.',
    path: '/settings/team',
  },
  'view-analytics': {
    title: 'View analytics',
    description: 'Completion rates and issues across your properties.',
    path: '/analytics',
  },
};

/**
 * The dashboard's onboarding checklist (the spec's other progress view): the four stored steps, each
 * marked complete when its action runs and never reopened. invite-team and view-analytics need
 * Professional; below it their button opens the 'Upgrade Required' modal. Hidden once all four are done.
 */
export function OnboardingProgress() {
  const navigate = useNavigate();
  const session = useSession();
  const onboarding = useOnboarding();
  const completeStep = useCompleteStep();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const steps = onboarding.data?.progress;
  if (!steps || steps.every((step) => step.completed)) return null;
  const tier = session.data?.access?.tier ?? 'starter';
  const done = steps.filter((step) => step.completed).length;
  const percent = Math.round((done / steps.length) * 100);
  const next = steps.find((step) => !step.completed)?.id;

  function start(step: OnboardingState['progress'][number]) {
    if (step.requires && !tierAtLeast(tier, step.requires)) {
      setUpgradeOpen(true);
      return;
    }
    completeStep.mutate(step.id);
    navigate(PROGRESS_TEXTS[step.id].path);
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="onboarding-progress-title">
      <CardContent>
        <Typography id="onboarding-progress-title" component="h2" variant="h6">
          Onboarding Checklist
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {done} of {steps.length} steps done
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {percent}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Onboarding progress"
          sx={{ mb: 2, height: 6, borderRadius: 3 }}
        />
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((step) => {
            const texts = PROGRESS_TEXTS[step.id];
            const locked = step.requires !== null && !tierAtLeast(tier, step.requires);
            return (
              <Box
                component="li"
                key={step.id}
                data-step={step.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                {step.completed ? (
                  <CheckCircleIcon color="success" aria-hidden />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess="Not done" />
                )}
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography
                    component="h3"
                    variant="subtitle2"
                    sx={{
                      display: 'flex',
                      gap: 1,
                      alignItems: 'center',
                      textDecoration: step.completed ? 'line-through' : undefined,
                      color: step.completed ? 'text.secondary' : undefined,
                    }}
                  >
                    {texts.title}
                    {locked && !step.completed && step.requires && (
                      <Chip label={TIER_BADGES[step.requires]} size="small" color="secondary" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {texts.description}
                  </Typography>
                </Box>
                {step.completed ? (
                  <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
                    Done
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    variant={step.id === next ? 'contained' : 'outlined'}
                    onClick={() => start(step)}
                    aria-label={`${locked ? 'Upgrade' : 'Start'}: ${texts.title}`}
                    sx={{ flexShrink: 0 }}
                  >
                    {locked ? 'Upgrade' : 'Start'}
                  </Button>
                )}
              </Box>
            );
          })}
        </Stack>
        <UpgradeRequiredDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      </CardContent>
    </Card>
  );
}

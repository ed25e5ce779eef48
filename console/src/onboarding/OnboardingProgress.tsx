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
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

export const PROGRESS_TEXTS: Record<ProgressStepId, { title: MessageKey; description: MessageKey; path: string }> = {
  'add-property': {
    title: 'onboarding.addPropertyTitle',
    description: 'onboarding.addPropertyText',
    path: '/properties/create',
  },
  'create-checklist': {
    title: 'onboarding.createChecklistTitle',
    description: 'onboarding.createChecklistText',
    path: '/properties',
  },
  'invite-team': {
    title: 'onboarding.inviteTeamTitle',
    description: 'onboarding.inviteTeamText',
    path: '/settings/team',
  },
  'view-analytics': {
    title: 'onboarding.viewAnalyticsTitle',
    description: 'onboarding.viewAnalyticsText',
    path: '/analytics',
  },
};

/**
 * The dashboard's onboarding checklist (the spec's other progress view): the four stored steps, each
 * marked complete when its action runs and never reopened. invite-team and view-analytics need
 * Professional; below it their button opens the 'Upgrade Required' modal. Hidden once all four are done.
 */
export function OnboardingProgress() {
  const t = useT();
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
          {t('onboarding.checklistTitle')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('onboarding.stepsDone', { done, total: steps.length })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {percent}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('onboarding.progress')}
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
                    {t(texts.title)}
                    {locked && !step.completed && step.requires && (
                      <Chip label={TIER_BADGES[step.requires]} size="small" color="secondary" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(texts.description)}
                  </Typography>
                </Box>
                {step.completed ? (
                  <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
                    {t('onboarding.done')}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    variant={step.id === next ? 'contained' : 'outlined'}
                    onClick={() => start(step)}
                    aria-label={t('onboarding.stepAction', {
                      action: t(locked ? 'onboarding.upgrade' : 'onboarding.start'),
                      step: t(texts.title),
                    })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t(locked ? 'onboarding.upgrade' : 'onboarding.start')}
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

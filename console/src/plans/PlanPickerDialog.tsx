import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import { useRefreshSession, useSession } from '../auth/session.ts';
import { useOnboarding } from '../onboarding/useOnboarding.ts';
import { PlanChoice } from './PlanChoice.tsx';
import { useT } from '../i18n/useT.ts';

/** The plan picker in a dialog, opened by upgrade prompts. */
export function PlanPickerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const session = useSession();
  const onboarding = useOnboarding(open);
  const refreshSession = useRefreshSession();
  const notify = useNotify();
  const user = session.data?.user;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="plan-picker-title">
      <DialogTitle id="plan-picker-title">{t('plans.choosePerfectPlan')}</DialogTitle>
      <DialogContent>
        {user && onboarding.data && (
          <PlanChoice
            plans={onboarding.data.plans}
            userId={user.id}
            current={session.data?.access?.plan_key}
            onChosen={async (plan) => {
              notify(t('plans.planSelected', { plan: plan.name }), { type: 'success' });

              await refreshSession();
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

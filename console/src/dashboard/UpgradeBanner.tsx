import { Alert, Button } from '@mui/material';
import { paths } from '../layout/navigation.ts';
import { useRotation } from './useRotation.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

// The spec's upgrade banners rotate every 10 s.
const ROTATE_MS = 10_000;

/**
 * One upgrade message at a time (the next plan up), with the plan picker behind the button. The button is a
 * link to the plans screen, which a server-rendered dashboard follows before the console runs.
 */
export function UpgradeBanner({ messages, onUpgrade }: { messages: MessageKey[]; onUpgrade: () => void }) {
  const t = useT();
  const index = useRotation(messages.length, ROTATE_MS);
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-upgrade-banner
      action={
        <Button
          color="inherit"
          href={paths.subscription}
          onClick={(event) => {
            event.preventDefault();
            onUpgrade();
          }}
        >
          {t('upgrade.viewPlans')}
        </Button>
      }
    >
      {messages[index] && t(messages[index])}
    </Alert>
  );
}

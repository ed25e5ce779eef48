import { Alert, Button } from '@mui/material';
import { useRotation } from './useRotation.ts';

// The spec's upgrade banners rotate every 10 s.
const ROTATE_MS = 10_000;

/** One upgrade message at a time (the next plan up), with the plan picker behind the button. */
export function UpgradeBanner({ messages, onUpgrade }: { messages: string[]; onUpgrade: () => void }) {
  const index = useRotation(messages.length, ROTATE_MS);
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-upgrade-banner
      action={
        <Button color="inherit" onClick={onUpgrade}>
          View plans
        </Button>
      }
    >
      {messages[index]}
    </Alert>
  );
}

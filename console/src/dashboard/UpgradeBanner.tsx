import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';

// The spec's upgrade banners rotate every 10 s.
const ROTATE_MS = 10_000;
const MESSAGES = [
  'Upgrade to Professional to unlock advanced features',
  'Upgrade to access detailed analytics and reports',
  'Upgrade to Professional to add unlimited team members',
];

/** For plans below Professional: one upgrade message at a time, with the plan picker behind the button. */
export function UpgradeBanner({ onUpgrade }: { onUpgrade: () => void }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % MESSAGES.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Alert
      severity="info"
      variant="outlined"
      action={
        <Button color="inherit" onClick={onUpgrade}>
          View plans
        </Button>
      }
    >
      {MESSAGES[index]}
    </Alert>
  );
}

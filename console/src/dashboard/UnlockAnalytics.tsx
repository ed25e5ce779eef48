import InsightsIcon from '@mui/icons-material/Insights';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { UPGRADE_TO_PRO } from '../plans/upgrade-messages.ts';

/** Shown when the plan has no analytics. */
export function UnlockAnalytics({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="unlock-analytics">
      <CardContent>
        <InsightsIcon color="primary" aria-hidden />
        <Typography id="unlock-analytics" component="h2" variant="h6">
          Unlock Analytics
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Upgrade to access detailed analytics and reports.
        </Typography>
        <Button variant="contained" onClick={onUpgrade}>
          {UPGRADE_TO_PRO}
        </Button>
      </CardContent>
    </Card>
  );
}

import InsightsIcon from '@mui/icons-material/Insights';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useT } from '../i18n/useT.ts';

/** Shown when the plan has no analytics. */
export function UnlockAnalytics({ onUpgrade }: { onUpgrade: () => void }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby="unlock-analytics">
      <CardContent>
        <InsightsIcon color="primary" aria-hidden />
        <Typography id="unlock-analytics" component="h2" variant="h6">
          {t('dashboard.unlockAnalytics')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dashboard.unlockAnalyticsText')}
        </Typography>
        <Button variant="contained" onClick={onUpgrade}>
          {t('upgrade.toPro')}
        </Button>
      </CardContent>
    </Card>
  );
}

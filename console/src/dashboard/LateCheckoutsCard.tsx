import { formatTime } from '@turnproof/config/time-format';
import { Card, CardContent, Chip, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocale } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDuration } from '../analytics/format.ts';
import { useT } from '../i18n/useT.ts';
import type { DashboardData } from '../types.ts';

/**
 * Open runs whose cleaner found the guest still in the unit, with the slack left before the next
 * check-in (the run page's figure). Shown only while there is one: a late checkout needs the host now.
 */
export function LateCheckoutsCard({ runs }: { runs: DashboardData['late_checkouts'] }) {
  const t = useT();
  const locale = useLocale();
  if (runs.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="late-checkouts">
      <CardContent>
        <Typography id="late-checkouts" component="h2" variant="h6" gutterBottom>
          {t('dashboard.lateCheckouts')}
        </Typography>
        <List dense disablePadding>
          {runs.map((run) => (
            <ListItem key={run.run_id} disableGutters divider data-late-checkout={run.run_id} sx={{ gap: 1 }}>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={`/runs/${run.run_id}/show`} underline="hover" color="inherit">
                    {run.property_name}
                  </MuiLink>
                }
                secondary={
                  run.guest_present_at
                    ? t('hours.guestPresent', { time: formatTime(run.guest_present_at, run.property_timezone, locale) })
                    : t('hours.guestPresentAlert')
                }
              />
              {run.slack_minutes !== null && (
                <Chip
                  size="small"
                  color={run.slack_minutes < 0 ? 'error' : 'default'}
                  label={
                    run.slack_minutes < 0
                      ? t('hours.slackShort', { time: formatDuration(-run.slack_minutes * 60) })
                      : t('hours.slack', { time: formatDuration(run.slack_minutes * 60) })
                  }
                />
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

import { formatDateTime } from '@turnproof/config/time-format';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocale } from 'react-admin';
import { Link } from 'react-router-dom';
import { paths } from '../layout/navigation.ts';
import type { DashboardData } from '../types.ts';
import { RUN_STATUS_STYLES, RUN_TYPE_LABELS } from './runLabels.ts';
import { useT } from '../i18n/useT.ts';

/** The 5 latest runs with their status colours. */
export function RecentActivity({ runs }: { runs: DashboardData['recent_runs'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity">
      <CardContent>
        <Typography id="recent-activity" component="h2" variant="h6" gutterBottom>
          {t('dashboard.recentActivity')}
        </Typography>
        {runs.length === 0 ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('dashboard.noRuns')}
            </Typography>
            <Button variant="outlined" component={Link} to={paths.newRun()}>
              {t('dashboard.startInspection')}
            </Button>
          </>
        ) : (
          <>
            <List dense disablePadding>
              {runs.map((run) => {
                const status = RUN_STATUS_STYLES[run.status];
                return (
                  <ListItem key={run.id} disableGutters divider data-run={run.id}>
                    <ListItemText
                      primary={`${run.property_name} · ${t(RUN_TYPE_LABELS[run.type])}`}
                      secondary={`${run.checklist_name} · ${formatDateTime(run.ended_at ?? run.created_at, run.property_timezone, locale)}`}
                    />
                    <Box sx={{ pl: 1 }}>
                      <Chip
                        label={t(status.label)}
                        size="small"
                        sx={{ color: status.color, bgcolor: status.bgcolor, fontWeight: 600 }}
                      />
                    </Box>
                  </ListItem>
                );
              })}
            </List>
            <Button component={Link} to={paths.runs} sx={{ mt: 1 }}>
              {t('dashboard.viewAllInspections')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { formatDateTime } from '@turnproof/config/time-format';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { paths } from '../layout/navigation.ts';
import type { DashboardData } from '../types.ts';
import { RUN_STATUS_STYLES, RUN_TYPE_LABELS } from './runLabels.ts';

/** The 5 latest runs with their status colours. */
export function RecentActivity({ runs }: { runs: DashboardData['recent_runs'] }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity">
      <CardContent>
        <Typography id="recent-activity" component="h2" variant="h6" gutterBottom>
          Recent Activity
        </Typography>
        {runs.length === 0 ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              No inspection runs yet. Start one and share its magic link.
            </Typography>
            <Button variant="outlined" component={Link} to={paths.newRun()}>
              Start Inspection
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
                      primary={`${run.property_name} · ${RUN_TYPE_LABELS[run.type]}`}
                      secondary={`${run.checklist_name} · ${formatDateTime(run.ended_at ?? run.created_at, run.property_timezone)}`}
                    />
                    <Box sx={{ pl: 1 }}>
                      <Chip
                        label={status.label}
                        size="small"
                        sx={{ color: status.color, bgcolor: status.bgcolor, fontWeight: 600 }}
                      />
                    </Box>
                  </ListItem>
                );
              })}
            </List>
            <Button component={Link} to={paths.runs} sx={{ mt: 1 }}>
              View All Inspections
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

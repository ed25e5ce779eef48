import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { DashboardData } from '../types.ts';

/** The four stat cards, from the owner's real data. */
export function StatCards({ stats }: { stats: DashboardData['stats'] }) {
  const cards = [
    { label: 'Total Properties', value: stats.properties, Icon: HomeWorkIcon },
    { label: 'In Progress', value: stats.in_progress, Icon: PendingActionsIcon },
    { label: 'Completed Today', value: stats.completed_today, Icon: AssignmentTurnedInIcon },
    { label: 'Total Inspections', value: stats.runs, Icon: FactCheckIcon },
  ];
  return (
    <Box
      component="ul"
      aria-label="Statistics"
      id="dashboard-stats"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' },
      }}
    >
      {cards.map(({ label, value, Icon }) => (
        <Card component="li" key={label} variant="outlined" data-stat={label}>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Icon color="primary" fontSize="small" aria-hidden />
            </Box>
            <Typography component="p" variant="h4" className="stat-value">
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

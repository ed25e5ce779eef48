import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { DashboardData } from '../types.ts';
import { useT } from '../i18n/useT.ts';

/** The four stat cards, from the owner's real data. */
export function StatCards({ stats }: { stats: DashboardData['stats'] }) {
  const t = useT();
  // data-stat names each card the same in every language (tests and the bench find them by it).
  const cards = [
    { stat: 'Total Properties', label: t('dashboard.totalProperties'), value: stats.properties, Icon: HomeWorkIcon },
    { stat: 'In Progress', label: t('dashboard.inProgress'), value: stats.in_progress, Icon: PendingActionsIcon },
    {
      stat: 'Completed Today',
      label: t('dashboard.completedToday'),
      value: stats.completed_today,
      Icon: AssignmentTurnedInIcon,
    },
    { stat: 'Total Inspections', label: t('dashboard.totalInspections'), value: stats.runs, Icon: FactCheckIcon },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('dashboard.statistics')}
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
      {cards.map(({ stat, label, value, Icon }) => (
        <Card component="li" key={stat} variant="outlined" data-stat={stat}>
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

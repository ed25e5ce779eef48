import GroupsIcon from '@mui/icons-material/Groups';
import { Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { paths } from '../layout/navigation.ts';
import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';
import { useT } from '../i18n/useT.ts';

function TeamSummary() {
  const t = useT();
  // One record is enough: the list's total comes from its Content-Range.
  const { total, isPending } = useGetList('team', { pagination: { page: 1, perPage: 1 } });
  return (
    <Card variant="outlined" component="section" aria-labelledby="team-card">
      <CardContent>
        <GroupsIcon color="primary" aria-hidden />
        <Typography id="team-card" component="h2" variant="h6">
          {t('dashboard.yourTeam')}
        </Typography>
        {isPending ? (
          <Skeleton width="60%" aria-label={t('dashboard.loadingTeam')} />
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {total ? t('dashboard.teamMembers', { smart_count: total }) : t('dashboard.inviteCleaners')}
          </Typography>
        )}
        <Button variant="outlined" component={Link} to={paths.team}>
          {t('dashboard.manageTeam')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The dashboard's feature-gate card: the team summary on plans with team management, else its lock. */
export function TeamCard({ allowed }: { allowed: boolean }) {
  const t = useT();
  return (
    <FeatureGate allowed={allowed} feature={t('nav.team')} message={t(UPGRADE_MESSAGES.team)} variant="card">
      <TeamSummary />
    </FeatureGate>
  );
}

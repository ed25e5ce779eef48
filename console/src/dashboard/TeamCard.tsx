import GroupsIcon from '@mui/icons-material/Groups';
import { Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { paths } from '../layout/navigation.ts';
import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';

function TeamSummary() {
  // One record is enough: the list's total comes from its Content-Range.
  const { total, isPending } = useGetList('team', { pagination: { page: 1, perPage: 1 } });
  return (
    <Card variant="outlined" component="section" aria-labelledby="team-card">
      <CardContent>
        <GroupsIcon color="primary" aria-hidden />
        <Typography id="team-card" component="h2" variant="h6">
          Your Team
        </Typography>
        {isPending ? (
          <Skeleton width="60%" aria-label="Loading your team" />
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {total
              ? `${total} team ${total === 1 ? 'member' : 'members'} can take runs and get reminders.`
              : 'Invite your cleaners: runs assigned to them send the link and the reminders by e-mail.'}
          </Typography>
        )}
        <Button variant="outlined" component={Link} to={paths.team}>
          Manage Team
        </Button>
      </CardContent>
    </Card>
  );
}

/** The dashboard's feature-gate card: the team summary on plans with team management, else its lock. */
export function TeamCard({ allowed }: { allowed: boolean }) {
  return (
    <FeatureGate allowed={allowed} feature="Team" message={UPGRADE_MESSAGES.team} variant="card">
      <TeamSummary />
    </FeatureGate>
  );
}

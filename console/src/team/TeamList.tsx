import GroupAddIcon from '@mui/icons-material/GroupAdd';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  DeleteButton,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useNotify,
  RecordContextProvider,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useSession } from '../auth/session.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { type TeamMember, TEAM_UPGRADE_MESSAGE } from './team-types.ts';
import { ScheduleLinkButton } from './ScheduleLinkButton.tsx';

function StatusChip({ member }: { member: TeamMember }) {
  return member.status === 'active' ? (
    <Chip size="small" color="success" label="Active" />
  ) : (
    <Chip size="small" variant="outlined" label="Invited" />
  );
}

/** Sends the invitation again with a new link (the old one stops working). */
function ResendButton() {
  const member = useRecordContext<TeamMember>();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  if (!member || member.status !== 'invited') return null;
  const resend = async () => {
    setSending(true);
    try {
      await apiJson(`/team/${member.id}/invitation`, { method: 'POST' });
      notify(`Invitation sent again to ${member.email}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Failed to send the invitation', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" startIcon={<SendIcon />} disabled={sending} onClick={() => void resend()}>
      {sending ? 'Sending...' : 'Resend'}
    </Button>
  );
}

function RemoveButton() {
  const member = useRecordContext<TeamMember>();
  return (
    <DeleteButton
      label="Remove"
      mutationMode="pessimistic"
      confirmTitle={`Remove ${member?.name ?? 'this member'}?`}
      confirmContent="They will no longer receive your runs; runs assigned to them become unassigned."
      successMessage="Team member removed"
    />
  );
}

function MemberActions() {
  return (
    <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
      <ResendButton />
      <ScheduleLinkButton />
      <RemoveButton />
    </Stack>
  );
}

/** Below 600 px: one card per member, with the same actions as the table's. */
function TeamCards() {
  const { data } = useListContext<TeamMember>();
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
      {data?.map((member) => (
        <Card component="li" key={member.id} variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 500 }}>{member.name}</Typography>
              <StatusChip member={member} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {member.email} · {member.role}
            </Typography>
            <RecordContextProvider value={member}>
              <MemberActions />
            </RecordContextProvider>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function EmptyTeam() {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <GroupAddIcon sx={{ fontSize: 48 }} color="primary" aria-hidden />
        <Typography component="h2" variant="h6" gutterBottom>
          No team members yet
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Invite a cleaner or co-host by e-mail. Runs you assign to them arrive in their inbox with the checklist link
          and the reminders.
        </Typography>
        <Button component={Link} to="/team/create" variant="contained">
          Invite a team member
        </Button>
      </CardContent>
    </Card>
  );
}

// Invite links are plain buttons: react-admin's CreateButton turns into a floating button on phones, over the layout's own.

/** /team: the owner's cleaners and co-hosts, invited by e-mail; professional plans only. */
export function TeamList() {
  const { data: session, isPending } = useSession();
  const access = session?.access;
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-label="Loading team" />;
  if (!access?.features.team) return <FeatureLock feature="Team" message={TEAM_UPGRADE_MESSAGE} />;

  const limit = access.limits.max_team_members;
  return (
    <Box>
      <List
        title="Team"
        sort={{ field: 'created_at', order: 'DESC' }}
        empty={<EmptyTeam />}
        actions={
          <TopToolbar>
            <Button component={Link} to="/team/create" startIcon={<GroupAddIcon />}>
              Invite
            </Button>
          </TopToolbar>
        }
        pagination={false}
        perPage={100}
      >
        {isSmall ? (
          <TeamCards />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <TextField source="email" />
            <TextField source="role" />
            <FunctionField<TeamMember> label="Status" render={(member) => <StatusChip member={member} />} />
            <DateField source="invited_at" label="Invited" />
            <FunctionField label="Actions" render={() => <MemberActions />} />
          </Datagrid>
        )}
      </List>
      {limit !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your plan includes up to {limit} team members.
        </Typography>
      )}
    </Box>
  );
}

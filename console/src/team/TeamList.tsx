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
  EditButton,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useNotify,
  RecordContextProvider,
  useListContext,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useSession } from '../auth/session.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { channelLabel, roleLabel, type TeamMember, TEAM_UPGRADE_MESSAGE } from './team-types.ts';
import { ScheduleLinkButton } from './ScheduleLinkButton.tsx';
import { useT } from '../i18n/useT.ts';

function StatusChip({ member }: { member: TeamMember }) {
  const t = useT();
  return member.status === 'active' ? (
    <Chip size="small" color="success" label={t('team.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={t('team.invited')} />
  );
}

/** The member's number answered STOP: the host sees since when texts no longer reach them. */
function OptedOutChip({ member }: { member: TeamMember }) {
  const t = useT();
  const [locale] = useLocaleState();
  if (!member.sms_opted_out_at) return null;
  const date = new Date(member.sms_opted_out_at).toLocaleDateString(locale);
  return <Chip size="small" color="warning" variant="outlined" label={t('notices.textsStopped', { date })} />;
}

/** Sends the invitation again with a new link (the old one stops working). */
function ResendButton() {
  const t = useT();
  const member = useRecordContext<TeamMember>();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  if (!member || member.status !== 'invited' || !member.email) return null;
  const resend = async () => {
    setSending(true);
    try {
      await apiJson(`/team/${member.id}/invitation`, { method: 'POST' });
      notify(t('team.resentTo', { email: member.email ?? '' }), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : t('team.sendFailed'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" startIcon={<SendIcon />} disabled={sending} onClick={() => void resend()}>
      {sending ? t('team.sending') : t('team.resend')}
    </Button>
  );
}

function RemoveButton() {
  const t = useT();
  const member = useRecordContext<TeamMember>();
  return (
    <DeleteButton
      label={t('team.remove')}
      mutationMode="pessimistic"
      confirmTitle={t('team.removeTitle', { name: member?.name ?? t('team.thisMember') })}
      confirmContent={t('team.removeContent')}
      successMessage={t('team.removed')}
    />
  );
}

function MemberActions() {
  return (
    <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
      <ResendButton />
      <EditButton />
      <ScheduleLinkButton />
      <RemoveButton />
    </Stack>
  );
}

/** Below 600 px: one card per member, with the same actions as the table's. */
function TeamCards() {
  const t = useT();
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
              {[member.email, member.phone, channelLabel(member.notify_by, t), t(roleLabel(member.role))]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <OptedOutChip member={member} />
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
  const t = useT();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <GroupAddIcon sx={{ fontSize: 48 }} color="primary" aria-hidden />
        <Typography component="h2" variant="h6" gutterBottom>
          {t('team.noMembers')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('team.noMembersText')}
        </Typography>
        <Button component={Link} to="/team/create" variant="contained">
          {t('team.inviteMember')}
        </Button>
      </CardContent>
    </Card>
  );
}

// Invite links are plain buttons: react-admin's CreateButton turns into a floating button on phones, over the layout's own.

/** /team: the owner's cleaners and co-hosts, invited by e-mail; professional plans only. */
export function TeamList() {
  const t = useT();
  const { data: session, isPending } = useSession();
  const access = session?.access;
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-label={t('team.loading')} />;
  if (!access?.features.team) return <FeatureLock feature={t('team.title')} message={t(TEAM_UPGRADE_MESSAGE)} />;

  const limit = access.limits.max_team_members;
  return (
    <Box>
      <List
        title={t('team.title')}
        sort={{ field: 'created_at', order: 'DESC' }}
        empty={<EmptyTeam />}
        actions={
          <TopToolbar>
            <Button component={Link} to="/team/create" startIcon={<GroupAddIcon />}>
              {t('team.invite')}
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
            <TextField source="name" label={t('team.name')} />
            <TextField source="email" label={t('team.email')} emptyText="—" />
            <TextField source="phone" label={t('teamChannels.phoneColumn')} emptyText="—" />
            <FunctionField<TeamMember>
              label={t('teamChannels.channelColumn')}
              render={(member) => (
                <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                  {channelLabel(member.notify_by, t)}
                  <OptedOutChip member={member} />
                </Stack>
              )}
            />
            <FunctionField<TeamMember> label={t('team.role')} render={(member) => t(roleLabel(member.role))} />
            <FunctionField<TeamMember> label={t('team.status')} render={(member) => <StatusChip member={member} />} />
            <DateField source="invited_at" label={t('team.invited')} />
            <FunctionField label={t('team.actions')} render={() => <MemberActions />} />
          </Datagrid>
        )}
      </List>
      {limit !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('team.planIncludes', { limit })}
        </Typography>
      )}
    </Box>
  );
}

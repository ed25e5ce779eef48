import { deviceZone, formatDateTime } from '@turnproof/config/time-format';
import ShareIcon from '@mui/icons-material/Share';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useRefreshSession } from '../auth/session.ts';
import { InlineEdit } from './InlineEdit.tsx';
import { ProfessionalForm } from './ProfessionalForm.tsx';
import { copyText, share } from '../runs/link-actions.ts';
import type { Activity, Profile, ProfileChange } from './profile-types.ts';

const initialsOf = (text: string) =>
  text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function QuickStats({ stats }: { stats: Profile['stats'] }) {
  const items = [
    ['Properties', stats.properties],
    ['Completed runs', stats.completed_runs],
    ['Team members', stats.team_members],
    ['Task completion', stats.task_completion_percent === null ? '–' : `${stats.task_completion_percent}%`],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
    >
      {items.map(([label, value]) => (
        // dt and dd sit right inside the card's div, which sits right inside the dl (axe's definition-list rule).
        <Paper key={label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** The Activity tab: what the owner did, newest first (the spec's user_activity, 10). */
function RecentActivity() {
  const { data, isPending, error } = useQuery({
    queryKey: ['profile', 'activity'],
    queryFn: () => apiJson<Activity[]>('/profile/activity'),
  });
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data.length) return <Typography color="text.secondary">No activity yet.</Typography>;
  return (
    <List dense aria-label="Recent activity">
      {data.map((activity) => (
        <ListItem key={activity.id} disableGutters>
          <ListItemText primary={activity.summary} secondary={formatDateTime(activity.created_at, deviceZone())} />
        </ListItem>
      ))}
    </List>
  );
}

/** Share Profile and Preview: the public profile page, which exists only while Public Profile is on. */
function ShareActions({ profile }: { profile: Profile }) {
  const notify = useNotify();
  const url = `${window.location.origin}/profiles/${profile.user_id}`;
  const shareProfile = async () => {
    const result = await share({ title: 'My Turnproof profile', url });
    if (result !== 'unsupported') return;
    notify((await copyText(url)) ? 'Link copied!' : 'Copy failed', { type: 'info' });
  };
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        disabled={!profile.public_profile}
        onClick={() => void shareProfile()}
      >
        Share Profile
      </Button>
      <Button
        variant="outlined"
        startIcon={<VisibilityIcon />}
        disabled={!profile.public_profile}
        href={url}
        target="_blank"
        rel="noopener"
      >
        Preview
      </Button>
      {!profile.public_profile && (
        <Typography variant="body2" color="text.secondary">
          Turn on Public Profile to share it.
        </Typography>
      )}
    </Stack>
  );
}

/** /profile: the Professional Profile, with inline-editable name and company and real Quick Stats. */
export function ProfilePage() {
  const notify = useNotify();
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const query = useQuery({ queryKey: ['profile'], queryFn: () => apiJson<Profile>('/profile') });
  const { mutateAsync } = useMutation({
    mutationFn: (change: ProfileChange) => apiJson<Profile>('/profile', { method: 'PUT', body: change }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['profile'], saved);
      void refreshSession(); // the sidebar footer shows the name and company from the session
      notify('Profile saved', { type: 'success' });
    },
    // The mutation still rejects, so an inline editor stays open.
    onError: (error) =>
      notify(error instanceof Error ? `Error saving profile: ${error.message}` : 'Error saving profile', {
        type: 'error',
      }),
  });
  const save = async (change: ProfileChange) => {
    await mutateAsync(change);
  };
  const profile = query.data ?? null;
  const failed = query.error ? query.error.message || 'Error loading profile' : null;

  if (failed)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {failed}
      </Alert>
    );
  if (!profile) return <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} aria-label="Loading profile" />;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Professional Profile" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
            <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }} alt="">
              {initialsOf(profile.display_name || profile.email)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <InlineEdit
                label="Name"
                value={profile.display_name}
                placeholder="Add Your Name"
                variant="h5"
                component="h2"
                onSave={(display_name) => save({ display_name })}
              />
              <InlineEdit
                label="Company"
                value={profile.company_name}
                placeholder="Add your company"
                onSave={(company_name) => save({ company_name })}
              />
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" color="primary" label={profile.role} />
                {profile.location && <Typography variant="body2">{profile.location}</Typography>}
                {profile.years_experience !== null && (
                  <Typography variant="body2">{profile.years_experience} years of experience</Typography>
                )}
              </Stack>
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={profile.public_profile}
                  onChange={(event) => void save({ public_profile: event.target.checked }).catch(() => undefined)}
                />
              }
              label="Public Profile"
            />
          </Stack>
          <ShareActions profile={profile} />
        </CardContent>
      </Card>

      <Typography component="h2" variant="h6" gutterBottom>
        Quick Stats
      </Typography>
      <QuickStats stats={profile.stats} />

      <Card sx={{ mt: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: number) => setTab(value)}
          variant="scrollable"
          aria-label="Profile sections"
        >
          {['Overview', 'Professional', 'Activity', 'Settings'].map((label, index) => (
            <Tab key={label} label={label} id={`profile-tab-${index}`} aria-controls={`profile-panel-${index}`} />
          ))}
        </Tabs>
        <CardContent role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
          {tab === 0 && (
            <Stack spacing={2}>
              <Typography>
                {profile.professional_summary ||
                  profile.bio ||
                  'Tell hosts and cleaners about your work in the Professional tab.'}
              </Typography>
              <Box>
                <Typography variant="body2" id="completeness-label" gutterBottom>
                  Profile completeness: {profile.completeness_percent}%
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={profile.completeness_percent}
                  aria-labelledby="completeness-label"
                />
              </Box>
              {profile.website && (
                <Typography variant="body2">
                  Website: <a href={profile.website}>{profile.website}</a>
                </Typography>
              )}
            </Stack>
          )}
          {tab === 1 && <ProfessionalForm profile={profile} onSave={save} />}
          {tab === 2 && <RecentActivity />}
          {tab === 3 && (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography>
                Password, notifications, privacy, data export and account deletion are in Settings.
              </Typography>
              <Button component={Link} to="/settings" variant="outlined">
                Open Settings
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

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
import { Title, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useRefreshSession } from '../auth/session.ts';
import { InlineEdit } from './InlineEdit.tsx';
import { ProfessionalForm } from './ProfessionalForm.tsx';
import type { Profile, ProfileChange } from './profile-types.ts';

const initialsOf = (text: string) =>
  text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

const STATUS_COLOURS = { completed: 'success', in_progress: 'warning', pending: 'info' } as const;

function QuickStats({ stats }: { stats: Profile['stats'] }) {
  const items = [
    ['Properties', stats.properties],
    ['Completed runs', stats.completed_runs],
    ['Hours saved', stats.hours_saved],
    ['Team members', stats.team_members],
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

function RecentRuns() {
  const { data, isPending, error } = useGetList<{
    id: string;
    status: keyof typeof STATUS_COLOURS;
    created_at: string;
    property: { name: string };
    checklist: { name: string };
  }>('runs', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">Failed to fetch runs</Alert>;
  if (!data?.length) return <Typography color="text.secondary">No inspection runs yet.</Typography>;
  return (
    <List dense>
      {data.map((run) => (
        <ListItem
          key={run.id}
          secondaryAction={
            <Chip size="small" color={STATUS_COLOURS[run.status]} label={run.status.replace('_', ' ')} />
          }
        >
          <ListItemText
            primary={`${run.property.name} · ${run.checklist.name}`}
            secondary={new Date(run.created_at).toLocaleString()}
          />
        </ListItem>
      ))}
    </List>
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
          {tab === 2 && <RecentRuns />}
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

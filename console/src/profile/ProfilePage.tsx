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
import { Title, useLocale, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useRefreshSession } from '../auth/session.ts';
import { InlineEdit } from './InlineEdit.tsx';
import { ProfessionalForm } from './ProfessionalForm.tsx';
import { copyText, share } from '../runs/link-actions.ts';
import type { Activity, Profile, ProfileChange } from './profile-types.ts';
import { type T, useT } from '../i18n/useT.ts';

const initialsOf = (text: string) =>
  text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function QuickStats({ stats }: { stats: Profile['stats'] }) {
  const t = useT();
  const items = [
    [t('profile.properties'), stats.properties],
    [t('profile.completedRuns'), stats.completed_runs],
    [t('profile.teamMembers'), stats.team_members],
    [t('profile.taskCompletion'), stats.task_completion_percent === null ? '–' : `${stats.task_completion_percent}%`],
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

/** The owner's role as the console's language names it (the stored role is English). */
const roleLabel = (t: T, role: string) =>
  role === 'admin' ? t('profile.admin') : role === 'Property Manager' ? t('profile.propertyManager') : role;

/** The Activity tab: what the owner did, newest first (the spec's user_activity, 10). */
function RecentActivity() {
  const t = useT();
  const locale = useLocale();
  const { data, isPending, error } = useQuery({
    queryKey: ['profile', 'activity'],
    queryFn: () => apiJson<Activity[]>('/profile/activity'),
  });
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data.length) return <Typography color="text.secondary">{t('profile.noActivity')}</Typography>;
  return (
    <List dense aria-label={t('profile.recentActivity')}>
      {data.map((activity) => (
        <ListItem key={activity.id} disableGutters>
          <ListItemText
            primary={activity.summary}
            secondary={formatDateTime(activity.created_at, deviceZone(), locale)}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Share Profile and Preview: the public profile page, which exists only while Public Profile is on. */
function ShareActions({ profile }: { profile: Profile }) {
  const t = useT();
  const notify = useNotify();
  const url = `${window.location.origin}/profiles/${profile.user_id}`;
  const shareProfile = async () => {
    const result = await share({ title: t('profile.shareTitle'), url });
    if (result !== 'unsupported') return;
    notify((await copyText(url)) ? t('profile.linkCopied') : t('profile.copyFailed'), { type: 'info' });
  };
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        disabled={!profile.public_profile}
        onClick={() => void shareProfile()}
      >
        {t('profile.shareProfile')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<VisibilityIcon />}
        disabled={!profile.public_profile}
        href={url}
        target="_blank"
        rel="noopener"
      >
        {t('profile.preview')}
      </Button>
      {!profile.public_profile && (
        <Typography variant="body2" color="text.secondary">
          {t('profile.turnOnPublic')}
        </Typography>
      )}
    </Stack>
  );
}

/** /profile: the Professional Profile, with inline-editable name and company and real Quick Stats. */
export function ProfilePage() {
  const t = useT();
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
      notify(t('profile.saved'), { type: 'success' });
    },
    // The mutation still rejects, so an inline editor stays open.
    onError: (error) =>
      notify(
        error instanceof Error ? t('profile.saveFailedWith', { message: error.message }) : t('profile.saveFailed'),
        {
          type: 'error',
        },
      ),
  });
  const save = async (change: ProfileChange) => {
    await mutateAsync(change);
  };
  const profile = query.data ?? null;
  const failed = query.error ? query.error.message || t('profile.loadFailed') : null;

  if (failed)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {failed}
      </Alert>
    );
  if (!profile) return <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} aria-label={t('profile.loading')} />;

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('profile.title')} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
            <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }} alt="">
              {initialsOf(profile.display_name || profile.email)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <InlineEdit
                label={t('profile.name')}
                value={profile.display_name}
                placeholder={t('profile.addYourName')}
                variant="h5"
                component="h2"
                onSave={(display_name) => save({ display_name })}
              />
              <InlineEdit
                label={t('profile.company')}
                value={profile.company_name}
                placeholder={t('profile.addCompany')}
                onSave={(company_name) => save({ company_name })}
              />
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" color="primary" label={roleLabel(t, profile.role)} />
                {profile.location && <Typography variant="body2">{profile.location}</Typography>}
                {profile.years_experience !== null && (
                  <Typography variant="body2">
                    {t('profile.yearsExperience', { years: profile.years_experience })}
                  </Typography>
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
              label={t('profile.publicProfile')}
            />
          </Stack>
          <ShareActions profile={profile} />
        </CardContent>
      </Card>

      <Typography component="h2" variant="h6" gutterBottom>
        {t('profile.quickStats')}
      </Typography>
      <QuickStats stats={profile.stats} />

      <Card sx={{ mt: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: number) => setTab(value)}
          variant="scrollable"
          aria-label={t('profile.sections')}
        >
          {[t('profile.overview'), t('profile.professional'), t('profile.activity'), t('profile.settings')].map(
            (label, index) => (
              <Tab key={label} label={label} id={`profile-tab-${index}`} aria-controls={`profile-panel-${index}`} />
            ),
          )}
        </Tabs>
        <CardContent role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
          {tab === 0 && (
            <Stack spacing={2}>
              <Typography>{profile.professional_summary || profile.bio || t('profile.tellHosts')}</Typography>
              <Box>
                <Typography variant="body2" id="completeness-label" gutterBottom>
                  {t('profile.completeness', { percent: profile.completeness_percent })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={profile.completeness_percent}
                  aria-labelledby="completeness-label"
                />
              </Box>
              {profile.website && (
                <Typography variant="body2">
                  {t('profile.website')} <a href={profile.website}>{profile.website}</a>
                </Typography>
              )}
            </Stack>
          )}
          {tab === 1 && <ProfessionalForm profile={profile} onSave={save} />}
          {tab === 2 && <RecentActivity />}
          {tab === 3 && (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography>{t('profile.inSettings')}</Typography>
              <Button component={Link} to="/settings" variant="outlined">
                {t('profile.openSettings')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

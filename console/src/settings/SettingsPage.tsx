import { deviceZone } from '@turnproof/config/time-format';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Title, useLogout } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { EmailVerifiedChip } from './EmailVerifiedChip.tsx';
import { LadderSettings } from './LadderSettings.tsx';
import { type Preferences, usePreferences } from './usePreferences.ts';

/** The time zones of the spec's select (section 9). */
const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
];

type Flag = { [K in keyof Preferences]: Preferences[K] extends boolean ? K : never }[keyof Preferences];

// Only switches that change something: no control for a channel or feature Turnproof does not have (push,
// desktop notifications, two-factor sign-in, sharing with partners), and each hint says what it really does.
const NOTIFICATION_SWITCHES: [Flag, string, string][] = [
  ['email_notifications', 'Email notifications', 'The weekly summary of your runs, issues and reports, on Mondays'],
];
const PRIVACY_SWITCHES: [Flag, string, string][] = [
  [
    'location_services',
    'Location services',
    'Keep the GPS position inside the photo files you download; reports always show where the phone said it was',
  ],
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={2} divider={<Divider flexItem />}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Row({ title, detail, action }: { title: string; detail: ReactNode; action: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Box>
        <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          {detail}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Stack>
  );
}

function Switches({
  items,
  preferences,
  save,
}: {
  items: [Flag, string, string][];
  preferences: Preferences;
  save: (change: Partial<Preferences>) => Promise<void>;
}) {
  return items.map(([flag, label, hint]) => (
    <FormControlLabel
      key={flag}
      sx={{ justifyContent: 'space-between', ml: 0 }}
      labelPlacement="start"
      control={<Switch checked={preferences[flag]} onChange={(event) => void save({ [flag]: event.target.checked })} />}
      label={
        <Box>
          <Typography>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
      }
    />
  ));
}

/** /settings: Account Security, Notifications, Privacy & Data, Language & Region. */
export function SettingsPage() {
  const user = useSession().data?.user;
  const email = user?.email ?? null;
  const logout = useLogout();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const { preferences, failed, save } = usePreferences();
  const browserZone = deviceZone();

  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title title="Settings" />
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed}
        </Alert>
      )}
      <Stack spacing={2}>
        <Section id="account-security" title="Account Security">
          <Row
            title="Email"
            detail={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{email ?? '…'}</span>
                <EmailVerifiedChip />
              </Stack>
            }
            action={null}
          />
          <Row
            title="Password"
            detail="At least 8 characters"
            action={
              <Button variant="outlined" onClick={() => setDialog('password')}>
                Change Password
              </Button>
            }
          />
          <Row
            title="Sessions"
            detail="Signs you out on every device and browser, this one included"
            action={
              <Button variant="outlined" onClick={() => void logout({ everywhere: true })}>
                Sign Out Everywhere
              </Button>
            }
          />
        </Section>

        {preferences ? (
          <>
            <Section id="notifications" title="Notifications">
              <Switches items={NOTIFICATION_SWITCHES} preferences={preferences} save={save} />
            </Section>
            <Section id="privacy-data" title="Privacy & Data">
              <Switches items={PRIVACY_SWITCHES} preferences={preferences} save={save} />
              <Row
                title="Export Data"
                detail="A ZIP of everything in your account: your records as JSON, report PDFs and photos"
                action={
                  <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/account/export" download>
                    Export Data
                  </Button>
                }
              />
              <Row
                title="Delete Account"
                detail="Removes your account and all of its data for good"
                action={
                  <Button variant="outlined" color="error" onClick={() => setDialog('delete')} disabled={!email}>
                    Delete Account
                  </Button>
                }
              />
            </Section>
            <Section id="language-region" title="Language & Region">
              <TextField select label="Language" value="en" fullWidth helperText="English only for now">
                <MenuItem value="en">English</MenuItem>
              </TextField>
              <TextField
                select
                label="Timezone"
                value={preferences.timezone}
                onChange={(event) => void save({ timezone: event.target.value })}
                fullWidth
                helperText="Used for dates in your console and for the weeks in Analytics"
              >
                <MenuItem value="auto">Auto-detect ({browserZone})</MenuItem>
                {TIMEZONES.map((zone) => (
                  <MenuItem key={zone} value={zone}>
                    {zone.replace('_', ' ')}
                  </MenuItem>
                ))}
              </TextField>
            </Section>
            <LadderSettings />
          </>
        ) : (
          !failed && <Skeleton variant="rounded" height={320} aria-label="Loading preferences" />
        )}
      </Stack>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      {email && (
        <DeleteAccountDialog
          open={dialog === 'delete'}
          email={email}
          hasPassword={user?.has_password !== false}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}

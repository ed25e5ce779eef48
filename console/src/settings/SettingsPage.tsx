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
import { BrowserNotifications } from './BrowserNotifications.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { EmailVerifiedChip } from './EmailVerifiedChip.tsx';
import { LadderSettings } from './LadderSettings.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { type Preferences, usePreferences } from './usePreferences.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';

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

// Only switches that change something: no control for a channel or feature Turnproof does not have
// (two-factor sign-in, sharing with partners), and each hint says what it really does.
const NOTIFICATION_SWITCHES: [Flag, MessageKey, MessageKey][] = [
  ['email_notifications', 'settings.emailNotifications', 'settings.emailNotificationsHint'],
];
const PRIVACY_SWITCHES: [Flag, MessageKey, MessageKey][] = [
  ['location_services', 'settings.locationServices', 'settings.locationServicesHint'],
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
  items: [Flag, MessageKey, MessageKey][];
  preferences: Preferences;
  save: (change: Partial<Preferences>) => Promise<void>;
}) {
  const t = useT();
  return items.map(([flag, label, hint]) => (
    <FormControlLabel
      key={flag}
      sx={{ justifyContent: 'space-between', ml: 0 }}
      labelPlacement="start"
      control={<Switch checked={preferences[flag]} onChange={(event) => void save({ [flag]: event.target.checked })} />}
      label={
        <Box>
          <Typography>{t(label)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(hint)}
          </Typography>
        </Box>
      }
    />
  ));
}

/** /settings: Account Security, Notifications, Privacy & Data, Language & Region. */
export function SettingsPage() {
  const t = useT();
  const user = useSession().data?.user;
  const email = user?.email ?? null;
  const logout = useLogout();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const { preferences, failed, save } = usePreferences();
  const browserZone = deviceZone();

  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title title={t('settings.title')} />
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed}
        </Alert>
      )}
      <Stack spacing={2}>
        <Section id="account-security" title={t('settings.accountSecurity')}>
          <Row
            title={t('settings.email')}
            detail={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{email ?? '…'}</span>
                <EmailVerifiedChip />
              </Stack>
            }
            action={null}
          />
          <Row
            title={t('settings.password')}
            detail={t('settings.passwordHint')}
            action={
              <Button variant="outlined" onClick={() => setDialog('password')}>
                {t('settings.changePassword')}
              </Button>
            }
          />
          <Row
            title={t('settings.sessions')}
            detail={t('settings.sessionsHint')}
            action={
              <Button variant="outlined" onClick={() => void logout({ everywhere: true })}>
                {t('settings.signOutEverywhere')}
              </Button>
            }
          />
        </Section>

        {preferences ? (
          <>
            <Section id="notifications" title={t('settings.notifications')}>
              <Switches items={NOTIFICATION_SWITCHES} preferences={preferences} save={save} />
              <BrowserNotifications />
            </Section>
            <Section id="privacy-data" title={t('settings.privacyData')}>
              <Switches items={PRIVACY_SWITCHES} preferences={preferences} save={save} />
              <Row
                title={t('settings.exportData')}
                detail={t('settings.exportDataHint')}
                action={
                  <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/account/export" download>
                    {t('settings.exportData')}
                  </Button>
                }
              />
              <Row
                title={t('settings.deleteAccount')}
                detail={t('settings.deleteAccountHint')}
                action={
                  <Button variant="outlined" color="error" onClick={() => setDialog('delete')} disabled={!email}>
                    {t('settings.deleteAccount')}
                  </Button>
                }
              />
            </Section>
            <Section id="language-region" title={t('settings.languageRegion')}>
              <LanguagePicker />
              <TextField
                select
                label={t('settings.timezone')}
                value={preferences.timezone}
                onChange={(event) => void save({ timezone: event.target.value })}
                fullWidth
                helperText={t('settings.timezoneHint')}
              >
                <MenuItem value="auto">{t('settings.autoDetect', { zone: browserZone })}</MenuItem>
                {TIMEZONES.map((zone) => (
                  <MenuItem key={zone} value={zone}>
                    {zone.replace('_', ' ')}
                  </MenuItem>
                ))}
              </TextField>
            </Section>
            <LadderSettings />
            <ApiKeysSection />
            <WebhooksSection />
          </>
        ) : (
          !failed && <Skeleton variant="rounded" height={320} aria-label={t('settings.loadingPreferences')} />
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

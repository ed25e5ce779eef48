import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGES } from '@turnproof/config/languages';
import { formatCalendarDate } from '@turnproof/config/time-format';
import {
  email,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useLocale,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { apiJson } from '../api/http.ts';
import { ABOVE_TAB_BAR } from '../layout/MobileNav.tsx';
import { type T, useT } from '../i18n/useT.ts';
import { NOTIFY_CHANNELS, type NotifyChannel, TEAM_ROLES } from './team-types.ts';

const LANGUAGE_CHOICES = Object.entries(LANGUAGES).map(([id, name]) => ({ id, name }));

/** GET /api/team/channels: which channels this server can use for team members, and this month's texts. */
type Channels = Record<NotifyChannel, boolean> & {
  texts_this_month: { used: number; allowance: number | null; renews_at: string };
};

interface MemberValues {
  email?: string | null;
  phone?: string | null;
  notify_by?: NotifyChannel;
}

/** The API's rules, checked before sending: a way to reach the member, and the address their channel needs. */
const contactErrors = (t: T) => (values: MemberValues) => {
  const errors: Record<string, string> = {};
  if (!values.email?.trim() && !values.phone?.trim()) errors.phone = t('teamChannels.contactRequired');
  else if (values.notify_by === 'email' && !values.email?.trim())
    errors.notify_by = t('teamChannels.emailNeedsAddress');
  else if (values.notify_by !== 'email' && !values.phone?.trim()) errors.notify_by = t('teamChannels.textsNeedPhone');
  return errors;
};

/**
 * Where the host picks SMS or WhatsApp: on a server that cannot text yet, what happens instead; else the
 * month's texts against the plan's allowance, and once it is used up, that notices go by e-mail until it renews.
 */
function TextChannelNote() {
  const t = useT();
  const locale = useLocale();
  const channel = useWatch<MemberValues, 'notify_by'>({ name: 'notify_by' });
  const { data: channels } = useQuery({
    queryKey: ['team-channels'],
    queryFn: () => apiJson<Channels>('/team/channels'),
  });
  if (!channel || channel === 'email' || !channels) return null;
  if (!channels[channel]) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('teamChannels.textsNotSetUp')}
      </Alert>
    );
  }
  const { used, allowance, renews_at } = channels.texts_this_month;
  if (allowance === null) return null;
  const renews = formatCalendarDate(renews_at.slice(0, 10), 'long', locale);
  return used >= allowance ? (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {t('guards.allowanceUsedUp', { allowance, renews })}
    </Alert>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {t('guards.textsThisMonth', { used, allowance, renews })}
    </Typography>
  );
}

/** The team member's fields, shared by adding and editing: contacts, channel, language and role. */
export function TeamMemberForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  const t = useT();
  const nameRequired: Validator = (value, values: MemberValues) =>
    !values.email?.trim() && !(typeof value === 'string' && value.trim()) ? t('teamChannels.nameRequired') : undefined;
  return (
    <SimpleForm
      defaultValues={defaultValues}
      validate={contactErrors(t)}
      toolbar={
        <Toolbar sx={ABOVE_TAB_BAR}>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="name" label={t('team.nameOptional')} validate={nameRequired} />
      <TextInput
        source="email"
        type="email"
        label={t('team.email')}
        validate={email(t('team.emailInvalid'))}
        helperText={t('teamChannels.emailHint')}
        parse={(value: string) => value || null}
      />
      <TextInput
        source="phone"
        type="tel"
        label={t('teamChannels.phone')}
        helperText={t('teamChannels.phoneHint')}
        parse={(value: string) => value || null}
      />
      <RadioButtonGroupInput source="notify_by" label={t('teamChannels.notifyBy')} choices={NOTIFY_CHANNELS} />
      <TextChannelNote />
      <SelectInput
        source="language"
        label={t('teamChannels.language')}
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
        validate={required()}
      />
      <SelectInput source="role" label={t('team.role')} choices={TEAM_ROLES} validate={required()} />
    </SimpleForm>
  );
}

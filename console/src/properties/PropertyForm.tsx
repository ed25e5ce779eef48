import { deviceZone } from '@turnproof/config/time-format';
import { ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { pickerLabel, type TeamMember } from '../team/team-types.ts';
import { PropertyLocation } from './PropertyLocation.tsx';
import { type T, useT } from '../i18n/useT.ts';

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The spec: submit stays disabled until name and address are filled (after trimming). */
function PropertyToolbar({ label, extra }: { label: string; extra?: ReactNode }) {
  const [name, address] = useWatch({ name: ['name', 'address'] }) as unknown[];
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <SaveButton label={label} disabled={!filled(name) || !filled(address)} />
      {extra}
    </Toolbar>
  );
}

/** Name and address required; access code and notes optional (the API saves them as null when empty). */
export function PropertyForm({ submitLabel, extraActions }: { submitLabel: string; extraActions?: ReactNode }) {
  const t = useT();
  return (
    <SimpleForm toolbar={<PropertyToolbar label={submitLabel} extra={extraActions} />}>
      <TextInput
        source="name"
        label={t('properties.name')}
        validate={required(t('properties.nameRequired'))}
        autoFocus
      />
      <TextInput
        source="address"
        label={t('properties.address')}
        validate={required(t('properties.addressRequired'))}
      />
      <TextInput source="access_code" label={t('properties.accessCode')} helperText={t('properties.accessCodeHint')} />
      <TextInput source="notes" label={t('properties.notes')} multiline minRows={3} />
      <DispatchSettings />
      <PropertyLocation />
    </SimpleForm>
  );
}

const teamMember = (t: T, source: string, label: string, helperText: string) => (
  <ReferenceInput source={source} reference="team" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
    <SelectInput
      optionText={(member: TeamMember) => pickerLabel(member, t)}
      label={label}
      emptyText={t('properties.nobody')}
      helperText={helperText}
      fullWidth
    />
  </ReferenceInput>
);

/**
 * Time zone, check-in and checkout times, the default and backup cleaner, and the booking calendar
 * feeds (one URL a line): the calendar makes a turnover per booking, due at the next check-in.
 */
function DispatchSettings() {
  const t = useT();
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {t('properties.bookingsCleaners')}
      </Typography>
      <TextInput
        source="timezone"
        label={t('properties.timeZone')}
        helperText={t('properties.timeZoneHint')}
        defaultValue={deviceZone()}
      />
      <TextInput source="check_in_time" label={t('properties.checkInTime')} type="time" defaultValue="15:00" />
      <TextInput source="checkout_time" label={t('properties.checkoutTime')} type="time" defaultValue="11:00" />
      {teamMember(t, 'default_assignee_id', t('properties.defaultCleaner'), t('properties.defaultCleanerHint'))}
      {teamMember(t, 'backup_assignee_id', t('properties.backupCleaner'), t('properties.backupCleanerHint'))}
      <TextInput
        source="calendar_urls"
        label={t('properties.calendarUrls')}
        helperText={t('properties.calendarUrlsHint')}
        multiline
        minRows={2}
        format={(urls: string[] | undefined) => (urls ?? []).join('\n')}
        parse={(text: string) => text.split('\n')}
      />
    </>
  );
}

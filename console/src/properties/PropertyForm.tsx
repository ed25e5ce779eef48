import { deviceZone } from '@turnproof/config/time-format';
import { ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { pickerLabel } from '../team/team-types.ts';

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
  return (
    <SimpleForm toolbar={<PropertyToolbar label={submitLabel} extra={extraActions} />}>
      <TextInput source="name" label="Property Name" validate={required('Property name is required.')} autoFocus />
      <TextInput source="address" label="Address" validate={required('Address is required.')} />
      <TextInput
        source="access_code"
        label="Access Code (optional)"
        helperText="Door or lockbox code for your cleaners"
      />
      <TextInput source="notes" label="Notes (optional)" multiline minRows={3} />
      <DispatchSettings />
    </SimpleForm>
  );
}

const teamMember = (source: string, label: string, helperText: string) => (
  <ReferenceInput source={source} reference="team" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
    <SelectInput optionText={pickerLabel} label={label} emptyText="Nobody" helperText={helperText} fullWidth />
  </ReferenceInput>
);

/**
 * Time zone, check-in and checkout times, the default and backup cleaner, and the booking calendar
 * feeds (one URL a line): the calendar makes a turnover per booking, due at the next check-in.
 */
function DispatchSettings() {
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        Bookings and cleaners
      </Typography>
      <TextInput
        source="timezone"
        label="Time zone"
        helperText="IANA name, such as Europe/Lisbon: times in reports, mails and links are shown in it"
        defaultValue={deviceZone()}
      />
      <TextInput source="check_in_time" label="Check-in time" type="time" defaultValue="15:00" />
      <TextInput source="checkout_time" label="Checkout time" type="time" defaultValue="11:00" />
      {teamMember('default_assignee_id', 'Default cleaner', 'Gets the runs made from the booking calendar')}
      {teamMember('backup_assignee_id', 'Backup cleaner', 'Takes over a run that has not started in time')}
      <TextInput
        source="calendar_urls"
        label="Booking calendar URLs (one per line)"
        helperText="The iCal export links of Airbnb, Vrbo or Booking.com; checked every 15 minutes"
        multiline
        minRows={2}
        format={(urls: string[] | undefined) => (urls ?? []).join('\n')}
        parse={(text: string) => text.split('\n')}
      />
    </>
  );
}

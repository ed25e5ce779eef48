import { SaveButton, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';

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
    </SimpleForm>
  );
}

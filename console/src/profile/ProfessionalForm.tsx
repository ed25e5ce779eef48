import { Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { Profile, ProfileChange } from './profile-types.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

const FIELDS = [
  ['location', 'profile.location', 1],
  ['phone', 'profile.phone', 1],
  ['website', 'profile.websiteField', 1],
  ['business_address', 'profile.businessAddress', 1],
  ['professional_summary', 'profile.summary', 3],
  ['bio', 'profile.bio', 3],
] as const satisfies readonly (readonly [string, MessageKey, number])[];

/** The Professional tab: the longer profile fields, saved together. */
export function ProfessionalForm({
  profile,
  onSave,
}: {
  profile: Profile;
  onSave: (change: ProfileChange) => Promise<void>;
}) {
  const t = useT();
  const initial = () => ({
    ...Object.fromEntries(FIELDS.map(([field]) => [field, profile[field] ?? ''])),
    years_experience: profile.years_experience === null ? '' : String(profile.years_experience),
  });
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    await onSave(values).catch(() => undefined);
    setSaving(false);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      <TextField
        label={t('profile.years')}
        inputMode="numeric"
        value={values.years_experience}
        onChange={(event) => setValues({ ...values, years_experience: event.target.value })}
      />
      {FIELDS.map(([field, label, rows]) => (
        <TextField
          key={field}
          label={t(label)}
          value={values[field]}
          multiline={rows > 1}
          minRows={rows}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? t('common.saving') : t('common.save')}
        </Button>
        <Button onClick={() => setValues(initial())}>{t('profile.reset')}</Button>
      </Stack>
    </Stack>
  );
}

import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  CircularProgress,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useGetList } from 'react-admin';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { EmptyPanel } from '../../layout/EmptyPanel.tsx';
import type { PropertyRecord, RunMeta } from '../../resource-records.ts';
import { typeLabel } from '../run-kinds.ts';
import { suggestedMetadata } from '../smart-defaults.ts';
import { filledMeta, isTenantEmail, NO_META, type WizardValues } from './wizard-form.ts';
import { useT } from '../../i18n/useT.ts';

type MetaName = `meta.${keyof RunMeta}`;

/** Step 2: the property (system properties excluded by the API) and, for move-in and move-out, the tenancy. */
export function PropertyStep() {
  const t = useT();
  const { control, setValue } = useFormContext<WizardValues>();
  const [kind, meta] = useWatch({ control, name: ['type', 'meta'] });
  const { data: properties, isPending } = useGetList<PropertyRecord>('properties', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <CircularProgress aria-label={t('properties.loading')} />;
  if (!properties?.length) {
    return (
      <EmptyPanel
        title={t('properties.noneFound')}
        text={t('wizard.noPropertiesText')}
        action={
          <Button component={Link} to="/properties/new" variant="contained" startIcon={<AddIcon />}>
            {t('wizard.addPropertyFirst')}
          </Button>
        }
      />
    );
  }
  const metaField = (name: MetaName, label: string, props: Partial<TextFieldProps> = {}) => (
    <Controller
      name={name}
      control={control}
      rules={
        name === 'meta.tenant_email'
          ? { validate: (value) => isTenantEmail(value) || t('wizard.tenantEmailInvalid') }
          : undefined
      }
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
          {...props}
        />
      )}
    />
  );
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;
  // The details last entered for this kind are suggested; the note goes once they are edited.
  const suggestion = kind === 'turnover' ? {} : suggestedMetadata(kind);
  const filled: RunMeta = filledMeta(kind, meta ?? {});
  const suggestedKeys = Object.keys(suggestion) as (keyof RunMeta)[];
  const suggested =
    suggestedKeys.length > 0 &&
    Object.keys(filled).length === suggestedKeys.length &&
    suggestedKeys.every((field) => filled[field] === suggestion[field]);
  return (
    <Stack spacing={2}>
      <Controller
        name="property_id"
        control={control}
        rules={{ validate: (value) => value !== '' || t('wizard.propertyRequired') }}
        render={({ field, fieldState }) => (
          <FormControl required fullWidth error={Boolean(fieldState.error)}>
            <InputLabel id="wizard-property">{t('wizard.property')}</InputLabel>
            <Select
              labelId="wizard-property"
              label={t('wizard.property')}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                setValue('baseline_run_id', '');
              }}
            >
              {properties.map((property) => (
                <MenuItem key={property.id} value={property.id}>
                  {property.name} · {property.address}
                </MenuItem>
              ))}
            </Select>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {kind !== 'turnover' && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('wizard.details', { type: typeLabel(t, kind) })}
          </Typography>
          {suggested && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={() => setValue('meta', NO_META)}>
                  {t('wizard.clear')}
                </Button>
              }
            >
              {t('wizard.suggested', { type: typeLabel(t, kind) })}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {metaField('meta.unit', t('wizard.unit'))}
            {metaField('meta.tenant_name', t('wizard.tenantName'))}
          </Stack>
          {metaField('meta.tenant_email', t('wizard.tenantEmail'), { type: 'email' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {metaField('meta.lease_start', t('wizard.leaseStart'), date)}
            {metaField('meta.lease_end', t('wizard.leaseEnd'), date)}
          </Stack>
        </>
      )}
    </Stack>
  );
}

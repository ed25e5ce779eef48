import { useEffect, useEffectEvent } from 'react';
import { CircularProgress, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { EmptyPanel } from '../../layout/EmptyPanel.tsx';
import type { ChecklistRecord, TemplateRecord } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';
import { chosenTemplateSlug, forgetChosenTemplate } from '../chosen-template.ts';
import { typeLabel } from '../run-kinds.ts';
import { templateOptions, type TemplateOption } from './template-options.ts';
import { useT } from '../../i18n/useT.ts';

/** The spec: the wizard's template list is cached 2 minutes (going back into the wizard does not refetch). */
export const WIZARD_TEMPLATES_STALE_MS = 2 * 60 * 1000;

interface Props {
  kind: RunType;
  propertyId: string;
  value: string;
  /** The key of the option the wizard holds, null before one is confirmed. */
  confirmed: string | null;
  onChange: (option: TemplateOption) => void;
}

/** Step 3: what the cleaner will work through; empty checklists cannot be chosen. */
export function TemplateStep({ kind, propertyId, value, confirmed, onChange }: Props) {
  const t = useT();
  const checklists = useGetList<ChecklistRecord>('checklists', {
    filter: { property_id: propertyId, is_template: false },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'created_at', order: 'ASC' },
  });
  const templates = useGetList<TemplateRecord>(
    'templates',
    { filter: { kind }, pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { staleTime: WIZARD_TEMPLATES_STALE_MS },
  );
  const options = templateOptions(t, kind, checklists.data ?? [], templates.data ?? []);
  // The template picked on its public page before sign-up is chosen here once; a preselected or
  // remembered one is confirmed once it is found among the choices (and has tasks).
  const chosen =
    value === '' ? options.find((option) => option.slug && option.slug === chosenTemplateSlug()) : undefined;
  const preset =
    value !== '' && confirmed !== value
      ? options.find((option) => option.key === value && option.taskCount > 0)
      : undefined;
  const pick = chosen ?? preset;
  const confirm = useEffectEvent(() => {
    if (!pick) return;
    if (pick === chosen) forgetChosenTemplate();
    onChange(pick);
  });
  // The options are rebuilt on every render: the pick's key says whether it changed.
  const pickKey = pick?.key;
  useEffect(() => {
    if (pickKey) confirm();
  }, [pickKey]);
  if (checklists.isPending || templates.isPending) return <CircularProgress aria-label={t('templates.loading')} />;
  if (templates.error)
    return <EmptyPanel tone="error" title={t('wizard.loadTemplatesFailed')} text={templates.error.message} />;
  if (options.length === 0) {
    return (
      <EmptyPanel
        title={t('wizard.noTemplatesFor', { type: typeLabel(t, kind) })}
        text={t('wizard.createTemplateFirst')}
      />
    );
  }
  return (
    <RadioGroup
      aria-label={t('wizard.template')}
      value={value}
      onChange={(event) => {
        const option = options.find((candidate) => candidate.key === event.target.value);
        if (option) onChange(option);
      }}
    >
      {options.map((option) => (
        <FormControlLabel
          key={option.key}
          value={option.key}
          disabled={option.taskCount === 0}
          control={<Radio />}
          sx={{
            border: 1,
            borderColor: value === option.key ? 'primary.main' : 'divider',
            borderRadius: 1,
            mx: 0,
            mb: 1,
            py: 0.5,
            pr: 1,
          }}
          label={
            <span>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {option.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {option.origin} ·{' '}
                {option.taskCount === 0
                  ? t('wizard.noTasksYet')
                  : t('templates.taskCount', { smart_count: option.taskCount })}
              </Typography>
            </span>
          }
        />
      ))}
    </RadioGroup>
  );
}

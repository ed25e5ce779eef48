import { formatDateTime } from '@turnproof/config/time-format';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useGetList, useLocale } from 'react-admin';
import { useT } from '../../i18n/useT.ts';

import type { RunRecord } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';

/** The earlier kind a run is compared with: a move-out with a move-in, a turnover with a turnover. */
const BASELINE_KIND: Partial<Record<RunType, RunType>> = { move_out: 'move_in', turnover: 'turnover' };

const AUTOMATIC = '';

interface Props {
  kind: RunType;
  propertyId: string;
  timeZone: string;
  value: string;
  onChange: (runId: string) => void;
}

/**
 * "Compare with": the completed earlier run whose photos the cleaner sees as references and the report
 * pairs side by side. Automatic picks the last completed move-in of the same unit (or the last turnover).
 */
export function BaselineField({ kind, propertyId, timeZone, value, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const baselineKind = BASELINE_KIND[kind];
  const { data: runs } = useGetList<RunRecord>(
    'runs',
    {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'ended_at', order: 'DESC' },
      filter: { property_id: propertyId, status: 'completed', type: baselineKind },
    },
    { enabled: Boolean(baselineKind) },
  );
  if (!baselineKind) return null;
  const automatic = t(kind === 'move_out' ? 'wizard.lastMoveIn' : 'wizard.lastTurnover');
  return (
    <FormControl fullWidth>
      <InputLabel id="wizard-baseline">{t('wizard.compareWith')}</InputLabel>
      <Select
        labelId="wizard-baseline"
        label={t('wizard.compareWith')}
        value={runs?.some((run) => run.id === value) ? value : AUTOMATIC}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="wizard-baseline-help"
      >
        <MenuItem value={AUTOMATIC}>{t('wizard.automatic', { run: automatic })}</MenuItem>
        {(runs ?? []).map((run) => (
          <MenuItem key={run.id} value={run.id}>
            {[
              run.checklist.name,
              run.meta?.unit ? t('runs.unit', { unit: run.meta.unit }) : null,
              run.meta?.tenant_name,
            ]
              .filter(Boolean)
              .join(' · ')}
            {run.ended_at
              ? ` ${t('wizard.completedOn', { when: formatDateTime(run.ended_at, timeZone, locale) })}`
              : ''}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="wizard-baseline-help">{t('wizard.baselineHelp')}</FormHelperText>
    </FormControl>
  );
}

import { formatDateTime } from '@turnproof/config/time-format';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useGetList } from 'react-admin';

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
  const automatic = kind === 'move_out' ? 'the last completed move-in of this unit' : 'the last completed turnover';
  return (
    <FormControl fullWidth>
      <InputLabel id="wizard-baseline">Compare with (reference photos)</InputLabel>
      <Select
        labelId="wizard-baseline"
        label="Compare with (reference photos)"
        value={runs?.some((run) => run.id === value) ? value : AUTOMATIC}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="wizard-baseline-help"
      >
        <MenuItem value={AUTOMATIC}>Automatic: {automatic}</MenuItem>
        {(runs ?? []).map((run) => (
          <MenuItem key={run.id} value={run.id}>
            {[run.checklist.name, run.meta?.unit ? `Unit ${run.meta.unit}` : null, run.meta?.tenant_name]
              .filter(Boolean)
              .join(' · ')}
            {run.ended_at ? ` — completed ${formatDateTime(run.ended_at, timeZone)}` : ''}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="wizard-baseline-help">
        The cleaner sees this inspection&apos;s photos of each task as the angle to match, and the report shows them
        side by side.
      </FormHelperText>
    </FormControl>
  );
}

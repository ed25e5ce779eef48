import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Chip, MenuItem, Popover, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useGetList } from 'react-admin';
import { RUN_TYPE_LABELS } from '../dashboard/runLabels.ts';
import type { PropertyRecord } from '../resource-records.ts';
import { RUN_KINDS } from '../runs/run-kinds.ts';
import type { AnalyticsFilter as Filter } from './analytics-types.ts';
import { useT } from '../i18n/useT.ts';

const ALL = '';

/** The owner's properties for the filter (the API leaves the Template Collection out). */
function useProperties() {
  const { data } = useGetList<PropertyRecord>('properties', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data ?? [];
}

/**
 * The analytics screen's Filter button: a property and a run type, applied by the server to every figure.
 */
export function AnalyticsFilter({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const properties = useProperties();
  const panelId = useId();
  const active = Number(Boolean(value.property_id)) + Number(Boolean(value.type));

  return (
    <>
      <Badge badgeContent={active} color="primary" overlap="rectangular">
        <Button
          variant="outlined"
          size="small"
          startIcon={<FilterListIcon />}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? panelId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ height: 40 }}
        >
          {t('analytics.filter')}
        </Button>
      </Badge>
      <Popover
        id={panelId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('analytics.filterAnalytics') } }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 280, maxWidth: 'calc(100vw - 32px)' }}>
          <Typography variant="subtitle2">{t('analytics.filterAnalytics')}</Typography>
          <TextField
            select
            size="small"
            label={t('analytics.property')}
            value={value.property_id ?? ALL}
            onChange={(event) => onChange({ ...value, property_id: event.target.value || undefined })}
          >
            <MenuItem value={ALL}>{t('analytics.allProperties')}</MenuItem>
            {properties.map((property) => (
              <MenuItem key={property.id} value={property.id}>
                {property.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('analytics.runType')}
            value={value.type ?? ALL}
            onChange={(event) => {
              const type = RUN_KINDS.find((kind) => kind === event.target.value);
              onChange({ ...value, type });
            }}
          >
            <MenuItem value={ALL}>{t('analytics.allRunTypes')}</MenuItem>
            {RUN_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(RUN_TYPE_LABELS[kind])}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" disabled={active === 0} onClick={() => onChange({})}>
              {t('analytics.clearFilters')}
            </Button>
            <Button size="small" variant="contained" onClick={() => setAnchor(null)}>
              {t('analytics.done')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

/** The filters in force, as chips under the screen's heading; each one's delete removes it. */
export function ActiveFilters({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  const t = useT();
  const properties = useProperties();
  if (!value.property_id && !value.type) return null;
  const propertyName =
    properties.find((property) => property.id === value.property_id)?.name ?? t('analytics.property');
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      aria-label={t('analytics.filtersInForce')}
      role="list"
    >
      {value.property_id && (
        <Chip
          role="listitem"
          label={t('analytics.propertyChip', { name: propertyName })}
          onDelete={() => onChange({ ...value, property_id: undefined })}
        />
      )}
      {value.type && (
        <Chip
          role="listitem"
          label={t('analytics.runTypeChip', { type: t(RUN_TYPE_LABELS[value.type]) })}
          onDelete={() => onChange({ ...value, type: undefined })}
        />
      )}
    </Box>
  );
}

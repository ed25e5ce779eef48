import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { List, Pagination, Title, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { RunRecord } from '../resource-records.ts';
import type { RunStatus } from '../types.ts';
import { RunAgenda } from './RunAgenda.tsx';
import { RunCard } from './RunCard.tsx';
import { statusLabel } from './run-kinds.ts';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/keys.ts';

const PER_PAGE = 20;
const STATUSES: RunStatus[] = ['pending', 'in_progress', 'completed'];
const SORTS = [
  { field: 'created_at', label: 'runs.sortCreated' },
  { field: 'due_at', label: 'runs.sortDue' },
  { field: 'started_at', label: 'runs.sortStarted' },
  { field: 'ended_at', label: 'runs.sortCompleted' },
  { field: 'assigned_to', label: 'runs.sortAssignee' },
] as const satisfies { field: string; label: MessageKey }[];

function NewInspectionButton({ label = 'runs.newInspection' }: { label?: MessageKey }) {
  const t = useT();
  return (
    <Button component={Link} to="/runs/create" variant="contained" startIcon={<AddIcon />}>
      {t(label)}
    </Button>
  );
}

function RunsHeader() {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
      <NewInspectionButton />
    </Stack>
  );
}

function NoRuns() {
  const t = useT();
  return (
    <Box sx={{ width: '100%' }}>
      <RunsHeader />
      <EmptyPanel
        icon={<FactCheckIcon fontSize="large" />}
        title={t('runs.noRuns')}
        text={t('runs.noRunsText')}
        action={<NewInspectionButton label="runs.startInspection" />}
      />
    </Box>
  );
}

/** Search (debounced), status filter and sort, kept in react-admin's list parameters (and the URL). */
function RunFilters() {
  const t = useT();
  const { filterValues, setFilters, sort, setSort } = useListContext<RunRecord>();
  const [search, setSearch] = useState<string>(filterValues.q ?? '');
  // Clear All Filters empties the field; other changes come from the field itself (and may lag behind it).
  const [filteredQ, setFilteredQ] = useState(filterValues.q);
  if (filteredQ !== filterValues.q) {
    setFilteredQ(filterValues.q);
    if (!filterValues.q) setSearch('');
  }
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filterValues.q ?? '') !== search) setFilters({ ...filterValues, q: search || undefined });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, filterValues, setFilters]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
      <TextField
        label={t('runs.search')}
        placeholder={t('runs.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <FormControl size="small">
        <InputLabel id="run-status-filter">{t('runs.status')}</InputLabel>
        <Select
          labelId="run-status-filter"
          label={t('runs.status')}
          value={filterValues.status ?? ''}
          onChange={(event) => setFilters({ ...filterValues, status: event.target.value || undefined })}
        >
          <MenuItem value="">{t('runs.allStatuses')}</MenuItem>
          {STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(t, status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ flex: 1 }}>
          <InputLabel id="run-sort">{t('runs.sortBy')}</InputLabel>
          <Select
            labelId="run-sort"
            label={t('runs.sortBy')}
            value={sort.field}
            onChange={(event) => setSort({ field: event.target.value, order: sort.order })}
          >
            {SORTS.map(({ field, label }) => (
              <MenuItem key={field} value={field}>
                {t(label)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <IconButton
          aria-label={sort.order === 'ASC' ? t('runs.oldestFirst') : t('runs.newestFirst')}
          onClick={() => setSort({ field: sort.field, order: sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        >
          {sort.order === 'ASC' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </Stack>
    </Box>
  );
}

function RunCards() {
  const t = useT();
  const { data, total, isPending, error, setFilters } = useListContext<RunRecord>();
  let content;
  if (error) {
    content = <EmptyPanel tone="error" title={t('runs.fetchFailed')} text={error.message} />;
  } else if (isPending) {
    content = (
      <Stack spacing={2} aria-busy="true" aria-label={t('runs.loadingRuns')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={150} />
        ))}
      </Stack>
    );
  } else if (!data?.length) {
    content = (
      <EmptyPanel
        title={t('runs.noneFound')}
        text={t('runs.noneMatch')}
        action={<Button onClick={() => setFilters({}, [])}>{t('runs.clearFilters')}</Button>}
      />
    );
  } else {
    content = (
      <>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {data.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
          {t('runs.showing', { shown: data.length, total: Math.max(total ?? 0, data.length) })}
        </Typography>
        {(total ?? 0) > PER_PAGE && <Pagination rowsPerPageOptions={[PER_PAGE]} />}
      </>
    );
  }
  return (
    <Box>
      <RunsHeader />
      <RunFilters />
      {content}
    </Box>
  );
}

/** Inspection Runs: search, sort, status filter, a card per run; and, on the second tab, the agenda. */
export function RunList() {
  const t = useT();
  const [view, setView] = useState<'runs' | 'agenda'>('runs');
  return (
    <Box>
      <Tabs value={view} onChange={(_, next: 'runs' | 'agenda') => setView(next)} sx={{ mb: 2 }}>
        <Tab value="runs" label={t('runs.allRuns')} />
        <Tab value="agenda" label={t('runs.agenda')} />
      </Tabs>
      {view === 'runs' ? (
        <List
          title={t('runs.title')}
          perPage={PER_PAGE}
          sort={{ field: 'created_at', order: 'DESC' }}
          actions={false}
          component="div"
          empty={<NoRuns />}
          pagination={false}
          error={false}
        >
          <RunCards />
        </List>
      ) : (
        <>
          <Title title={t('runs.title')} />

          <RunsHeader />
          <RunAgenda />
        </>
      )}
    </Box>
  );
}

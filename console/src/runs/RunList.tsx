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

const PER_PAGE = 20;
const STATUSES: RunStatus[] = ['pending', 'in_progress', 'completed'];
const SORTS = [
  { field: 'created_at', label: 'Created' },
  { field: 'due_at', label: 'Due' },
  { field: 'started_at', label: 'Started' },
  { field: 'ended_at', label: 'Completed' },
  { field: 'assigned_to', label: 'Assignee' },
] as const;

function NewInspectionButton({ label = 'New Inspection' }: { label?: string }) {
  return (
    <Button component={Link} to="/runs/create" variant="contained" startIcon={<AddIcon />}>
      {label}
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
  return (
    <Box sx={{ width: '100%' }}>
      <RunsHeader />
      <EmptyPanel
        icon={<FactCheckIcon fontSize="large" />}
        title="No inspection runs yet"
        text="Create an inspection, send its magic link to your cleaner and get a time-stamped report."
        action={<NewInspectionButton label="Start Inspection" />}
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
        label="Search"
        placeholder="Property, address or checklist"
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
        <InputLabel id="run-status-filter">Status</InputLabel>
        <Select
          labelId="run-status-filter"
          label="Status"
          value={filterValues.status ?? ''}
          onChange={(event) => setFilters({ ...filterValues, status: event.target.value || undefined })}
        >
          <MenuItem value="">All statuses</MenuItem>
          {STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(t, status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ flex: 1 }}>
          <InputLabel id="run-sort">Sort by</InputLabel>
          <Select
            labelId="run-sort"
            label="Sort by"
            value={sort.field}
            onChange={(event) => setSort({ field: event.target.value, order: sort.order })}
          >
            {SORTS.map(({ field, label }) => (
              <MenuItem key={field} value={field}>
                {label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <IconButton
          aria-label={
            sort.order === 'ASC' ? 'Oldest first (switch to newest first)' : 'Newest first (switch to oldest first)'
          }
          onClick={() => setSort({ field: sort.field, order: sort.order === 'ASC' ? 'DESC' : 'ASC' })}
        >
          {sort.order === 'ASC' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </Stack>
    </Box>
  );
}

function RunCards() {
  const { data, total, isPending, error, setFilters } = useListContext<RunRecord>();
  let content;
  if (error) {
    content = <EmptyPanel tone="error" title="Failed to fetch runs" text={error.message} />;
  } else if (isPending) {
    content = (
      <Stack spacing={2} aria-busy="true" aria-label="Loading inspection runs">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={150} />
        ))}
      </Stack>
    );
  } else if (!data?.length) {
    content = (
      <EmptyPanel
        title="No inspection runs found"
        text="No inspection matches your search and filters."
        action={<Button onClick={() => setFilters({}, [])}>Clear All Filters</Button>}
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
          Showing {data.length} of {Math.max(total ?? 0, data.length)} inspection runs
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
  const [view, setView] = useState<'runs' | 'agenda'>('runs');
  return (
    <Box>
      <Tabs value={view} onChange={(_, next: 'runs' | 'agenda') => setView(next)} sx={{ mb: 2 }}>
        <Tab value="runs" label="All runs" />
        <Tab value="agenda" label="Agenda" />
      </Tabs>
      {view === 'runs' ? (
        <List
          title="Inspection Runs"
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
          <Title title="Inspection Runs" />
          <RunsHeader />
          <RunAgenda />
        </>
      )}
    </Box>
  );
}

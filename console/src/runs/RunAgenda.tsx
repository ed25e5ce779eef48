import { formatDay, formatDue, formatTime } from '@turnproof/config/time-format';
import {
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link as MuiLink,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { localMidnight } from '../dashboard/useDashboard.ts';
import { useNow } from '../dashboard/useNow.ts';
import { localFromInstant } from '../dispatch/due-time.ts';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { RunRecord } from '../resource-records.ts';
import { issueSummary } from './due-label.ts';
import { StatusChip } from './StatusChip.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the agenda looks for runs still not done: older ones are surely handled another way. */
const OVERDUE_LOOKBACK_MS = 30 * DAY_MS;
const ALERT_CHIP = { bgcolor: '#fdeded', color: '#5f2120', fontWeight: 600 };

type Span = 'day' | 'week';

const isOpen = (run: RunRecord) => run.status !== 'completed' && run.status !== 'canceled';
const zoneOf = (run: RunRecord) => run.property.timezone ?? 'UTC';

/** The day a run is due at its property ('Mon, Feb 1'), and the key that sorts it. */
function dayOf(run: RunRecord) {
  const iso = run.due_at as string;
  const label = formatDay(iso, zoneOf(run), 'weekday');
  return { key: localFromInstant(iso, zoneOf(run)).slice(0, 10), label };
}

/**
 * The coming turnovers across properties, today or this week, by the day each is due at its property;
 * overdue runs (not done by their due time) first, and unassigned runs marked.
 */
export function RunAgenda() {
  const [span, setSpan] = useState<Span>('day');
  const now = useNow(60_000);
  const end = new Date(localMidnight(now).getTime() + (span === 'day' ? 1 : 7) * DAY_MS);
  const { data: runs, isPending } = useGetList<RunRecord>('runs', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'due_at', order: 'ASC' },
    filter: {
      due_from: new Date(localMidnight(now).getTime() - OVERDUE_LOOKBACK_MS).toISOString(),
      due_to: end.toISOString(),
    },
  });

  const overdue = (runs ?? []).filter((run) => isOpen(run) && Date.parse(run.due_at as string) < now.getTime());
  const coming = (runs ?? []).filter((run) => Date.parse(run.due_at as string) >= now.getTime());
  const days = new Map<string, { label: string; runs: RunRecord[] }>();
  for (const run of coming) {
    const { key, label } = dayOf(run);
    const day = days.get(key) ?? { label, runs: [] };
    day.runs.push(run);
    days.set(key, day);
  }

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={span}
        onChange={(_, next: Span | null) => next && setSpan(next)}
        aria-label="Agenda span"
      >
        <ToggleButton value="day">Today</ToggleButton>
        <ToggleButton value="week">7 days</ToggleButton>
      </ToggleButtonGroup>
      {isPending ? (
        <CircularProgress aria-label="Loading the agenda" />
      ) : overdue.length === 0 && days.size === 0 ? (
        <EmptyPanel
          title={span === 'day' ? 'Nothing due today' : 'Nothing due in the next 7 days'}
          text="Runs with a due time show here by the day they are due; give a run a due time in the wizard or on its page."
        />
      ) : (
        <>
          {overdue.length > 0 && <AgendaDay title="Overdue: not done by their due time" runs={overdue} now={now} />}
          {[...days.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, day]) => (
              <AgendaDay key={key} title={day.label} runs={day.runs} now={now} />
            ))}
        </>
      )}
    </Stack>
  );
}

function AgendaDay({ title, runs, now }: { title: string; runs: RunRecord[]; now: Date }) {
  const id = `agenda-${title.replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {runs.map((run) => (
            <AgendaRow key={run.id} run={run} now={now} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function AgendaRow({ run, now }: { run: RunRecord; now: Date }) {
  const overdue = isOpen(run) && Date.parse(run.due_at as string) < now.getTime();
  const issues = issueSummary(run.issue_count ?? 0, run.open_issue_count ?? 0);
  return (
    <Box component="li" aria-label={`${run.property.name}, ${run.checklist.name}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {/* Overdue runs may be from other days; the others sit under their day's heading. */}
          {overdue ? formatDue(run.due_at as string, zoneOf(run), now) : formatTime(run.due_at as string, zoneOf(run))}
        </Typography>
        <MuiLink component={Link} to={`/runs/${run.id}/show`}>
          {run.property.name}
        </MuiLink>
        <StatusChip status={run.status} />
        {overdue && <Chip size="small" label="Overdue" sx={ALERT_CHIP} />}
        {!run.assignee && <Chip size="small" label="Unassigned" sx={ALERT_CHIP} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[run.checklist.name, run.assignee?.name, issues].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

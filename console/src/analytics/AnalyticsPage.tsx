import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { HttpError, Title } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { ActiveFilters, AnalyticsFilter } from './AnalyticsFilter.tsx';
import { type Analytics, type AnalyticsFilter as Filter, type Period, PERIODS } from './analytics-types.ts';
import { formatDuration } from './format.ts';
import { ReviewScores } from './ReviewScores.tsx';
import { MetricCard } from './MetricCard.tsx';
import { RecentActivity } from './RecentActivity.tsx';

// The chart library is the heaviest part of the console: only this screen loads it, after its figures.
const CompletionsPerWeekChart = lazy(() =>
  import('./AnalyticsCharts.tsx').then((module) => ({ default: module.CompletionsPerWeekChart })),
);
const IssuesPerPropertyChart = lazy(() =>
  import('./AnalyticsCharts.tsx').then((module) => ({ default: module.IssuesPerPropertyChart })),
);

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: Analytics }
  | { state: 'locked'; message: string }
  | { state: 'failed'; message: string };

/** The query of a period and filter, as GET /api/analytics reads it. */
function analyticsQuery(days: Period, filter: Filter): string {
  const params = new URLSearchParams({ days: String(days) });
  if (filter.property_id) params.set('property_id', filter.property_id);
  if (filter.type) params.set('type', filter.type);
  return params.toString();
}

/** The figures of a period and filter; the server decides whether the plan includes analytics (403, or 402). */
function useAnalytics(days: Period, filter: Filter): Load {
  const query = useQuery({
    queryKey: ['analytics', days, filter.property_id ?? null, filter.type ?? null],
    queryFn: () => apiJson<Analytics>(`/analytics?${analyticsQuery(days, filter)}`),
    retry: false,
    // The figures of the previous choice stay on screen while the new ones load.
    placeholderData: (previous) => previous,
  });
  if (query.isPending) return { state: 'loading' };
  if (query.isSuccess) return { state: 'ready', data: query.data };
  const error = query.error;
  const message = error instanceof Error ? error.message : 'Failed to load analytics';
  const locked = error instanceof HttpError && (error.status === 403 || error.status === 402);
  return locked ? { state: 'locked', message } : { state: 'failed', message };
}

const grid = { display: 'grid', gap: 2 } as const;

function Metrics({ data }: { data: Analytics }) {
  const busiest = data.properties[0];
  return (
    <Box sx={{ ...grid, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <MetricCard label="Runs completed" value={String(data.runs_completed)} detail={`in the last ${data.days} days`} />
      <MetricCard
        label="Average duration"
        value={formatDuration(data.average_duration_seconds)}
        detail="from first task to completion"
      />
      <MetricCard
        label="On-time rate"
        value={data.on_time.rate_percent === null ? '—' : `${data.on_time.rate_percent}%`}
        detail={
          data.on_time.with_due_time
            ? `${data.on_time.on_time} of ${data.on_time.with_due_time} runs with a due time`
            : 'no completed run had a due time'
        }
      />
      <MetricCard
        label="Issues"
        value={String(data.issues.total)}
        detail={
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label={`High ${data.issues.high}`} color="error" variant="outlined" />
            <Chip
              size="small"
              label={`Medium ${data.issues.medium}`}
              variant="outlined"
              sx={{ color: '#8a4b00', borderColor: '#b45309' }}
            />
            <Chip size="small" label={`Low ${data.issues.low}`} variant="outlined" />
          </Stack>
        }
      />
      <MetricCard
        label="Photos per run"
        value={data.photos.per_run === null ? '—' : String(data.photos.per_run)}
        detail={`${data.photos.total} photos on completed runs`}
      />
      <MetricCard
        label="Runs per property"
        value={
          data.properties.length
            ? (data.properties.reduce((sum, p) => sum + p.runs, 0) / data.properties.length).toFixed(1)
            : '—'
        }
        detail={
          busiest && busiest.runs > 0 ? `busiest: ${busiest.name} (${busiest.runs})` : 'no runs created in this period'
        }
      />
    </Box>
  );
}

function RunsPerProperty({ data }: { data: Analytics }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="runs-per-property">
      <CardContent>
        <Typography id="runs-per-property" component="h2" variant="h6" gutterBottom>
          Runs per property
        </Typography>
        {data.properties.length === 0 ? (
          <Typography color="text.secondary">Add a property to see its runs here.</Typography>
        ) : (
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& th, & td': { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' },
              '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
            }}
          >
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Runs</th>
                <th scope="col">Completed</th>
                <th scope="col">Issues</th>
              </tr>
            </thead>
            <tbody>
              {data.properties.map((property) => (
                <tr key={property.id}>
                  <td>{property.name}</td>
                  <td>{property.runs}</td>
                  <td>{property.completed}</td>
                  <td>{property.issues}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function LoadingFigures() {
  return (
    <Box
      aria-busy="true"
      aria-label="Loading analytics"
      sx={{ ...grid, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={118} />
      ))}
    </Box>
  );
}

/** /analytics: the owner's real figures over 7, 30 or 90 days, or the lock screen for plans without analytics. */
export function AnalyticsPage() {
  const [days, setDays] = useState<Period>(30);
  const [filter, setFilter] = useState<Filter>({});
  const load = useAnalytics(days, filter);

  if (load.state === 'locked') return <FeatureLock feature="Analytics" message={load.message} />;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Analytics" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mb: 2, gap: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography color="text.secondary">How your turnovers and inspections went, from your runs.</Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <AnalyticsFilter value={filter} onChange={setFilter} />
          <ToggleButtonGroup
            value={days}
            exclusive
            size="small"
            aria-label="Period"
            onChange={(_, value: Period | null) => value && setDays(value)}
          >
            {PERIODS.map((period) => (
              <ToggleButton key={period} value={period} aria-label={`Last ${period} days`}>
                Last {period} days
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      <ActiveFilters value={filter} onChange={setFilter} />

      {load.state === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {load.message}
        </Alert>
      )}
      {load.state === 'loading' && <LoadingFigures />}
      {load.state === 'ready' && (
        <Stack spacing={2}>
          {load.data.runs_completed === 0 && load.data.properties.every((p) => p.runs === 0) && (
            <Alert severity="info">
              {filter.property_id || filter.type
                ? `No runs match this filter in the last ${load.data.days} days.`
                : `Nothing happened in the last ${load.data.days} days. Send an inspection from Inspections and its figures appear here once it is completed.`}
            </Alert>
          )}
          <Metrics data={load.data} />
          <Suspense fallback={<Skeleton variant="rounded" height={330} aria-label="Loading charts" />}>
            <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              <CompletionsPerWeekChart data={load.data.completions_per_week} />
              <IssuesPerPropertyChart data={load.data.properties} />
            </Box>
          </Suspense>
          <RecentActivity data={load.data} />
          <RunsPerProperty data={load.data} />
          <ReviewScores scores={load.data.review_scores} />
        </Stack>
      )}
    </Box>
  );
}

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
import { useT } from '../i18n/useT.ts';
import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';

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
  const message = error instanceof Error ? error.message : '';
  const locked = error instanceof HttpError && (error.status === 403 || error.status === 402);
  return locked ? { state: 'locked', message } : { state: 'failed', message };
}

const grid = { display: 'grid', gap: 2 } as const;

function Metrics({ data }: { data: Analytics }) {
  const t = useT();
  const busiest = data.properties[0];
  return (
    <Box sx={{ ...grid, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <MetricCard
        label={t('analytics.runsCompleted')}
        value={String(data.runs_completed)}
        detail={t('analytics.inLastDays', { days: data.days })}
      />
      <MetricCard
        label={t('analytics.averageDuration')}
        value={formatDuration(data.average_duration_seconds)}
        detail={t('analytics.firstTaskToCompletion')}
      />
      <MetricCard
        label={t('analytics.onTimeRate')}
        value={data.on_time.rate_percent === null ? '—' : `${data.on_time.rate_percent}%`}
        detail={
          data.on_time.with_due_time
            ? t('analytics.onTimeOf', { onTime: data.on_time.on_time, withDue: data.on_time.with_due_time })
            : t('analytics.noDueTimes')
        }
      />
      <MetricCard
        label={t('analytics.issues')}
        value={String(data.issues.total)}
        detail={
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip
              size="small"
              label={t('analytics.high', { count: data.issues.high })}
              color="error"
              variant="outlined"
            />
            <Chip
              size="small"
              label={t('analytics.medium', { count: data.issues.medium })}
              variant="outlined"
              sx={{ color: '#8a4b00', borderColor: '#b45309' }}
            />
            <Chip size="small" label={t('analytics.low', { count: data.issues.low })} variant="outlined" />
          </Stack>
        }
      />
      <MetricCard
        label={t('analytics.photosPerRun')}
        value={data.photos.per_run === null ? '—' : String(data.photos.per_run)}
        detail={t('analytics.photosTotal', { count: data.photos.total })}
      />
      <MetricCard
        label={t('analytics.runsPerProperty')}
        value={
          data.properties.length
            ? (data.properties.reduce((sum, p) => sum + p.runs, 0) / data.properties.length).toFixed(1)
            : '—'
        }
        detail={
          busiest && busiest.runs > 0
            ? t('analytics.busiest', { name: busiest.name, runs: busiest.runs })
            : t('analytics.noRunsCreated')
        }
      />
    </Box>
  );
}

function RunsPerProperty({ data }: { data: Analytics }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby="runs-per-property">
      <CardContent>
        <Typography id="runs-per-property" component="h2" variant="h6" gutterBottom>
          {t('analytics.runsPerProperty')}
        </Typography>
        {data.properties.length === 0 ? (
          <Typography color="text.secondary">{t('analytics.addPropertyToSee')}</Typography>
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
                <th scope="col">{t('analytics.property')}</th>
                <th scope="col">{t('analytics.runs')}</th>
                <th scope="col">{t('analytics.completed')}</th>
                <th scope="col">{t('analytics.issues')}</th>
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
  const t = useT();
  return (
    <Box
      aria-busy="true"
      aria-label={t('analytics.loading')}
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
  const t = useT();
  const [days, setDays] = useState<Period>(30);
  const [filter, setFilter] = useState<Filter>({});
  const load = useAnalytics(days, filter);

  if (load.state === 'locked')
    return <FeatureLock feature={t('analytics.title')} message={t(UPGRADE_MESSAGES.analytics)} />;

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('analytics.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mb: 2, gap: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography color="text.secondary">{t('analytics.intro')}</Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <AnalyticsFilter value={filter} onChange={setFilter} />
          <ToggleButtonGroup
            value={days}
            exclusive
            size="small"
            aria-label={t('analytics.period')}
            onChange={(_, value: Period | null) => value && setDays(value)}
          >
            {PERIODS.map((period) => (
              <ToggleButton key={period} value={period} aria-label={t('analytics.lastDays', { days: period })}>
                {t('analytics.lastDays', { days: period })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      <ActiveFilters value={filter} onChange={setFilter} />

      {load.state === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {load.message || t('analytics.loadFailed')}
        </Alert>
      )}
      {load.state === 'loading' && <LoadingFigures />}
      {load.state === 'ready' && (
        <Stack spacing={2}>
          {load.data.runs_completed === 0 && load.data.properties.every((p) => p.runs === 0) && (
            <Alert severity="info">
              {filter.property_id || filter.type
                ? t('analytics.noMatch', { days: load.data.days })
                : t('analytics.nothingHappened', { days: load.data.days })}
            </Alert>
          )}
          <Metrics data={load.data} />
          <Suspense fallback={<Skeleton variant="rounded" height={330} aria-label={t('analytics.loadingCharts')} />}>
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

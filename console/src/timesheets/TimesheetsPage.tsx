import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocale } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import { PayStatementActions } from './PayStatementActions.tsx';
import { type CleanerTotal, type Period, thisMonth, type Timesheet } from './timesheet-types.ts';

const periodQuery = (period: Period) => new URLSearchParams({ ...period }).toString();

function CleanerCard({ total, period }: { total: CleanerTotal; period: Period }) {
  const t = useT();
  const locale = useLocale();
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(total.work_seconds / 3600);
  return (
    <Card component="section" aria-label={total.cleaner}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {total.cleaner}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('timesheets.totals', {
            smart_count: total.runs,
            hours,
            minutes: total.late_checkout_minutes,
          })}
        </Typography>
        <PayStatementActions memberId={total.member_id} cleaner={total.cleaner} period={period} />
      </CardContent>
    </Card>
  );
}

/** /timesheets: hours per cleaner for a period, its CSV, and each cleaner's pay statement. */
export function TimesheetsPage() {
  const t = useT();
  const [period, setPeriod] = useState<Period>(() => thisMonth());
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  const query = useQuery({
    queryKey: ['timesheets', period.from, period.to],
    queryFn: () => apiJson<Timesheet>(`/timesheets?${periodQuery(period)}`),
    enabled: valid,
    retry: false,
  });
  const day = (field: keyof Period, label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={period[field]}
      onChange={(event) => setPeriod((current) => ({ ...current, [field]: event.target.value }))}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 140px' }}
    />
  );

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('timesheets.title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('timesheets.intro')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {day('from', t('timesheets.from'))}
        {day('to', t('timesheets.to'))}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={`/api/timesheets.csv?${periodQuery(period)}`}
          download
          disabled={!valid}
        >
          {t('timesheets.downloadCsv')}
        </Button>
      </Stack>
      {!valid && <Alert severity="warning">{t('timesheets.badPeriod')}</Alert>}
      {valid && query.isPending && (
        <Stack spacing={2} aria-busy="true" aria-label={t('timesheets.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
      {query.isError && <Alert severity="error">{query.error.message || t('timesheets.loadFailed')}</Alert>}
      {query.isSuccess &&
        (query.data.totals.length === 0 ? (
          <EmptyPanel title={t('timesheets.emptyTitle')} text={t('timesheets.emptyText')} />
        ) : (
          <Stack spacing={2}>
            {query.data.totals.map((total) => (
              <CleanerCard key={`${total.member_id}-${period.from}-${period.to}`} total={total} period={period} />
            ))}
          </Stack>
        ))}
    </Box>
  );
}

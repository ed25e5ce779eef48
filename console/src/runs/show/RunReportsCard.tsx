import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { useT } from '../../i18n/useT.ts';
import type { ReportRecord } from '../../resource-records.ts';

const REPORT_STATUSES: Record<ReportRecord['status'], MessageKey> = {
  pending: 'runPage.reportPending',
  generating: 'runPage.reportGenerating',
  ready: 'runPage.reportReady',
  failed: 'runPage.reportFailed',
};

/** Every report version of the run, newest first, each with its PDF once ready. */
export function RunReportsCard({ runId, runStatus }: { runId: string; runStatus: string }) {
  const t = useT();
  const { data: reports = [] } = useQuery({
    queryKey: ['run-reports', runId, runStatus],
    queryFn: () => apiJson<ReportRecord[]>(`/runs/${runId}/reports`),
    refetchInterval: (query) =>
      query.state.data?.some((report) => report.status === 'pending' || report.status === 'generating') ? 2_000 : false,
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-reports">
      <CardContent>
        <Typography id="run-reports" component="h2" variant="h6">
          {t('runPage.reportVersions')}
        </Typography>
        {reports.length === 0 ? (
          <Typography variant="body2">{t('runPage.noReport')}</Typography>
        ) : (
          <List dense>
            {reports.map((report) => (
              <ListItem key={report.id} disableGutters>
                <ListItemText
                  primary={t('runPage.reportVersion', {
                    version: report.version,
                    status: t(REPORT_STATUSES[report.status]),
                  })}
                  secondary={report.error ?? report.file_name ?? undefined}
                />
                {report.status === 'ready' && (
                  <Link href={`/api/runs/${runId}/reports/${report.version}/pdf`} target="_blank" rel="noopener">
                    {t('runPage.pdfVersion', { version: report.version })}
                  </Link>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

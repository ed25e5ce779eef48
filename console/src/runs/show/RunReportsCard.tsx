import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http.ts';
import type { ReportRecord } from '../../resource-records.ts';

/** Every report version of the run, newest first, each with its PDF once ready. */
export function RunReportsCard({ runId, runStatus }: { runId: string; runStatus: string }) {
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
          Report versions
        </Typography>
        {reports.length === 0 ? (
          <Typography variant="body2">No report yet: it is made when the run is completed.</Typography>
        ) : (
          <List dense>
            {reports.map((report) => (
              <ListItem key={report.id} disableGutters>
                <ListItemText
                  primary={`Report v${report.version} ${report.status}`}
                  secondary={report.error ?? report.file_name ?? undefined}
                />
                {report.status === 'ready' && (
                  <Link href={`/api/runs/${runId}/reports/${report.version}/pdf`} target="_blank" rel="noopener">
                    PDF v{report.version}
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

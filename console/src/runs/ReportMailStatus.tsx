import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { type T, useT } from '../i18n/useT.ts';
import type { ReportRecord } from '../resource-records.ts';

const POLL_MS = 5_000;

function mailSentence(t: T, report: ReportRecord): string | null {
  if (report.mail_status === 'sent') return t('runActions.mailed');
  if (report.mail_status === 'failed')
    return t('runActions.notMailed', { reason: report.mail_error ?? t('runActions.mailRefused') });
  if (report.mail_status === 'pending')
    return report.mail_error
      ? t('runActions.mailPendingWhy', { reason: report.mail_error })
      : t('runActions.mailPending');
  return null;
}

/**
 * The report's e-mail to the host, a step of its own after the PDF: 'Mail pending' (with why, while the
 * mail server is away), 'Mailed to you', or 'Not mailed' and why. Follows a pending mail until it settles.
 */
export function ReportMailStatus({ runId, report }: { runId: string; report: ReportRecord }) {
  const t = useT();
  const followed = useQuery({
    queryKey: ['runs', runId, 'reports', report.version, 'mail'],
    queryFn: async () =>
      (await apiJson<ReportRecord[]>(`/runs/${runId}/reports`)).find(
        (candidate) => candidate.version === report.version,
      ) ?? report,
    initialData: report,
    staleTime: POLL_MS,
    enabled: report.mail_status === 'pending',
    refetchInterval: (query) => (query.state.data?.mail_status === 'pending' ? POLL_MS : false),
  });
  // A settled mail in the list's own answer wins over a pending one followed here.
  const current = report.mail_status === 'pending' ? followed.data : report;
  const sentence = mailSentence(t, current);
  if (!sentence) return null;
  return (
    <Typography variant="caption" color={current.mail_status === 'failed' ? 'error' : 'text.secondary'} role="status">
      {sentence}
    </Typography>
  );
}

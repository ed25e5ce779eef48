import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { type T, useT } from '../i18n/useT.ts';
import type { ReportRecord } from '../resource-records.ts';
import { ReportMailStatus } from './ReportMailStatus.tsx';

const POLL_MS = 500;

const pdfUrl = (runId: string, version: number) => `/api/runs/${runId}/reports/${version}/pdf`;
const htmlUrl = (runId: string, version: number) => `/api/runs/${runId}/reports/${version}/html`;

function saveAs(href: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Fetches the report's PDF and saves it, so a failed download is said (a plain link fails silently).
 * When the API hands the file over to an object store (a redirect to a presigned URL), the browser
 * follows that link itself.
 */
async function downloadReport(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'include', redirect: 'manual' });
    if (response.type === 'opaqueredirect') {
      saveAs(url, fileName);
      return true;
    }
    if (!response.ok) return false;
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    saveAs(objectUrl, fileName);
    // The click has handed the blob to the download; it can be released once that started.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return true;
  } catch {
    return false;
  }
}

/** Download with the spec's 'Download Failed' toast when it fails. */
function useReportDownload() {
  const t = useT();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(
    async (url: string, fileName: string) => {
      setDownloading(true);
      const saved = await downloadReport(url, fileName);
      setDownloading(false);
      if (!saved) notify(t('runActions.downloadFailed'), { type: 'error' });
    },
    [notify, t],
  );
  return { download, downloading };
}

/** A click on Download PDF Report or Regenerate: the report version it waits for (null: ask for a new one). */
interface Following {
  session: number;
  wanted: number | null;
  downloadWhenReady: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number; step: string }
  | { kind: 'needs-version' }
  | { kind: 'ready'; report: ReportRecord }
  | { kind: 'failed'; message: string };

const preparing = (t: T) => ({ kind: 'working', percent: 0, step: t('runActions.preparingReport') }) as const;

/**
 * Where the newest report stands for what was asked: a new version is asked for once (when regenerating,
 * or when there is no report yet or the last one failed); then its workflow's progress until ready.
 */
function phaseOf(t: T, following: Following | null, reports: ReportRecord[] | undefined): Phase {
  if (!following) return { kind: 'idle' };
  if (following.wanted === null) return { kind: 'needs-version' };
  if (!reports) return preparing(t);
  const [latest] = reports;
  const current = latest && latest.version >= following.wanted ? latest : undefined;
  if (!current || current.status === 'pending' || current.status === 'generating') {
    if (!latest && following.wanted === 0) return { kind: 'needs-version' };
    return {
      kind: 'working',
      percent: current?.progress?.percent ?? 0,
      step: current?.progress?.step ?? t('runActions.waitingForWorker'),
    };
  }
  if (current.status === 'ready') return { kind: 'ready', report: current };
  if (following.wanted === 0) return { kind: 'needs-version' }; // the last report failed: try a new version once
  return { kind: 'failed', message: current.error ?? t('runActions.unexpectedError') };
}

/**
 * Download PDF Report for a completed run, with the real progress of the report's workflow (its steps,
 * from GET /api/runs/{id}/reports every half second while it works), then Regenerate, Preview (when
 * there is HTML) and Download.
 */
export function ReportActions({ runId }: { runId: string }) {
  const t = useT();
  const notify = useNotify();
  const { download, downloading } = useReportDownload();
  const [following, setFollowing] = useState<Following | null>(null);
  const reports = useQuery({
    queryKey: ['runs', runId, 'reports', following?.session],
    queryFn: () => apiJson<ReportRecord[]>(`/runs/${runId}/reports`),
    enabled: following !== null && following.wanted !== null,
    refetchInterval: (query) => (phaseOf(t, following, query.state.data).kind === 'working' ? POLL_MS : false),
  });
  const fail = useCallback(
    (error: unknown) =>
      notify(
        error instanceof Error
          ? t('runActions.generationFailedWith', { message: error.message })
          : t('runActions.generationFailed'),
        { type: 'error' },
      ),
    [notify, t],
  );
  const newVersion = useMutation({
    mutationFn: () => apiJson<{ version: number }>(`/runs/${runId}/reports`, { method: 'POST' }),
    onSuccess: ({ version }) => setFollowing((now) => now && { ...now, wanted: version }),
    onError: (error) => {
      setFollowing(null);
      fail(error);
    },
  });
  const reportsError = reports.error;
  const phase: Phase = reportsError
    ? { kind: 'failed', message: reportsError.message }
    : phaseOf(t, following, reports.data);

  const { mutate: askForVersion, isPending: asking } = newVersion;
  useEffect(() => {
    if (phase.kind === 'needs-version' && !asking) askForVersion();
  }, [phase.kind, asking, askForVersion]);

  const downloaded = useRef<string | null>(null);
  const readyReport = phase.kind === 'ready' ? phase.report : null;
  useEffect(() => {
    if (!readyReport || !following?.downloadWhenReady) return;
    const key = `${following.session}/${readyReport.version}`;
    if (downloaded.current === key) return;
    downloaded.current = key;
    void download(pdfUrl(runId, readyReport.version), readyReport.file_name ?? 'turnproof-report.pdf');
  }, [readyReport, following, runId, download]);

  // Said once per click that failed.
  const failure = phase.kind === 'failed' ? { session: following?.session, message: phase.message } : null;
  const failedSession = failure?.session;
  const failedMessage = failure?.message;
  useEffect(() => {
    if (failedMessage !== undefined) fail(new Error(failedMessage));
  }, [failedSession, failedMessage, fail]);

  const start = (downloadWhenReady: boolean, regenerate: boolean) =>
    setFollowing((now) => ({ session: (now?.session ?? 0) + 1, wanted: regenerate ? null : 0, downloadWhenReady }));

  if (phase.kind === 'idle' || phase.kind === 'failed') {
    return (
      <Button variant="contained" size="small" startIcon={<PictureAsPdfIcon />} onClick={() => void start(true, false)}>
        {t('runActions.downloadPdf')}
      </Button>
    );
  }
  if (phase.kind === 'working' || phase.kind === 'needs-version') {
    const { percent, step } = phase.kind === 'working' ? phase : preparing(t);
    return (
      <Box sx={{ minWidth: 220, flex: 1 }} role="status" aria-live="polite">
        <Typography variant="body2">{t('runActions.generating', { percent, step })}</Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('runActions.reportProgress')}
          sx={{ mt: 0.5 }}
        />
      </Box>
    );
  }
  const { report } = phase;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button size="small" startIcon={<RefreshIcon />} onClick={() => void start(false, true)}>
        {t('runActions.regenerate')}
      </Button>
      {report.has_html && (
        <Button
          size="small"
          startIcon={<VisibilityIcon />}
          href={htmlUrl(runId, report.version)}
          target="_blank"
          rel="noopener"
        >
          {t('runActions.preview')}
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={downloading}
        onClick={() => void download(pdfUrl(runId, report.version), report.file_name ?? 'turnproof-report.pdf')}
      >
        {t(downloading ? 'runActions.downloading' : 'runActions.download')}
      </Button>
      <ReportMailStatus runId={runId} report={report} />
    </Stack>
  );
}

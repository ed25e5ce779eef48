import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { ReportRecord } from '../resource-records.ts';

const POLL_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pdfUrl = (runId: string, version: number) => `/api/runs/${runId}/reports/${version}/pdf`;
const htmlUrl = (runId: string, version: number) => `/api/runs/${runId}/reports/${version}/html`;

function download(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

type Phase =
  { kind: 'idle' } | { kind: 'working'; percent: number; step: string } | { kind: 'ready'; report: ReportRecord };

/**
 * Download PDF Report for a completed run, with the real progress of the report's workflow (its steps,
 * polled from GET /api/runs/{id}/reports), then Regenerate, Preview (when there is HTML) and Download.
 */
export function ReportActions({ runId }: { runId: string }) {
  const notify = useNotify();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  /**
   * Follows the newest report version until it is ready (downloading it when asked). A new version is
   * asked for once: when regenerating, or when there is no report yet or the last one failed.
   */
  const follow = async (downloadWhenReady: boolean, regenerate: boolean) => {
    setPhase({ kind: 'working', percent: 0, step: 'Preparing the report' });
    const requestVersion = async () =>
      (await apiJson<{ version: number }>(`/runs/${runId}/reports`, { method: 'POST' })).version;
    let wanted = regenerate ? await requestVersion() : 0;
    while (mounted.current) {
      const [latest] = await apiJson<ReportRecord[]>(`/runs/${runId}/reports`);
      const current = latest && latest.version >= wanted ? latest : undefined;
      if (!current || current.status === 'pending' || current.status === 'generating') {
        if (!latest && wanted === 0) wanted = await requestVersion();
        setPhase({
          kind: 'working',
          percent: current?.progress?.percent ?? 0,
          step: current?.progress?.step ?? 'Waiting for the report worker',
        });
      } else if (current.status === 'ready') {
        setPhase({ kind: 'ready', report: current });
        if (downloadWhenReady) download(pdfUrl(runId, current.version));
        return;
      } else if (wanted === 0) {
        wanted = await requestVersion(); // the last report failed: try a new version once
      } else {
        throw new Error(current.error ?? 'An unexpected error occurred');
      }
      await sleep(POLL_MS);
    }
  };

  const start = (downloadWhenReady: boolean, regenerate: boolean) =>
    follow(downloadWhenReady, regenerate).catch((error: unknown) => {
      setPhase({ kind: 'idle' });
      notify(error instanceof Error ? `Report Generation Failed: ${error.message}` : 'Failed to generate report', {
        type: 'error',
      });
    });

  if (phase.kind === 'idle') {
    return (
      <Button variant="contained" size="small" startIcon={<PictureAsPdfIcon />} onClick={() => void start(true, false)}>
        Download PDF Report
      </Button>
    );
  }
  if (phase.kind === 'working') {
    return (
      <Box sx={{ minWidth: 220, flex: 1 }} role="status" aria-live="polite">
        <Typography variant="body2">
          Generating report... {phase.percent}% · {phase.step}
        </Typography>
        <LinearProgress variant="determinate" value={phase.percent} aria-label="Report progress" sx={{ mt: 0.5 }} />
      </Box>
    );
  }
  const { report } = phase;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button size="small" startIcon={<RefreshIcon />} onClick={() => void start(false, true)}>
        Regenerate
      </Button>
      {report.has_html && (
        <Button
          size="small"
          startIcon={<VisibilityIcon />}
          href={htmlUrl(runId, report.version)}
          target="_blank"
          rel="noopener"
        >
          Preview
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        startIcon={<DownloadIcon />}
        href={pdfUrl(runId, report.version)}
        download={report.file_name ?? true}
      >
        Download
      </Button>
    </Stack>
  );
}

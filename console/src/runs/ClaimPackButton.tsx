import GavelIcon from '@mui/icons-material/Gavel';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';

const POLL_MS = 1000;

/** GET/POST /api/runs/{id}/claim-pack and its /progress. */
interface ClaimPackProgress {
  status: 'ready' | 'generating' | 'failed' | 'not_started';
  step?: string;
  error?: string;
}

const packUrl = (runId: string) => `/api/runs/${runId}/claim-pack`;

/** Hands the ZIP to the browser's own download, which streams it to disk however many photos it holds. */
function saveZip(runId: string) {
  const anchor = document.createElement('a');
  anchor.href = packUrl(runId);
  anchor.download = `turnproof-claim-${runId}.zip`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Damage claim (ZIP) of a completed run: claim PDF, original photos, capture log. The worker prints the
 * claim PDF (POST starts it); the button shows its progress, polled every second, then downloads the pack.
 */
export function ClaimPackButton({ runId }: { runId: string }) {
  const t = useT();
  const notify = useNotify();
  const waiting = t('runActions.waitingForPrinter');
  const notMade = t('runActions.claimNotMade');
  const [step, setStep] = useState<string | null>(null);
  const pack = useMutation({
    mutationFn: async () => {
      let now = await apiJson<ClaimPackProgress>(`/runs/${runId}/claim-pack`, { method: 'POST' });
      while (now.status === 'generating') {
        setStep(now.step ?? waiting);
        await sleep(POLL_MS);
        now = await apiJson<ClaimPackProgress>(`/runs/${runId}/claim-pack/progress`);
      }
      if (now.status !== 'ready') throw new Error(now.error ?? notMade);
    },
    onSuccess: () => saveZip(runId),
    onError: (error) => notify(error.message || notMade, { type: 'error' }),
    onSettled: () => setStep(null),
  });

  if (!pack.isPending) {
    return (
      <Button size="small" variant="outlined" startIcon={<GavelIcon />} onClick={() => pack.mutate()}>
        {t('runActions.damageClaim')}
      </Button>
    );
  }
  return (
    <Box sx={{ minWidth: 220 }} role="status" aria-live="polite">
      <Typography variant="body2">{t('runActions.preparingClaim', { step: step ?? waiting })}</Typography>
      <LinearProgress aria-label={t('runActions.claimProgress')} sx={{ mt: 0.5 }} />
    </Box>
  );
}

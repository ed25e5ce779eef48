import RateReviewIcon from '@mui/icons-material/RateReview';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Rating,
  Stack,
  TextField,
  type Theme,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { type T, useT } from '../i18n/useT.ts';
import { apiJson } from '../api/http.ts';
import type { RunRecord, RunReview } from '../resource-records.ts';
import { type ReviewDecision, type ReviewDraft, reviewRequestBody } from './review/review-draft.ts';
import { type ReviewedTask, ReviewTaskRow } from './review/ReviewTaskRow.tsx';
import { useRunEvidence } from './show/run-evidence.ts';

/** 'Approved · 5/5', 'Revision requested · 3/5'. */
export function reviewSummary(t: T, review: RunReview | undefined): string | null {
  if (!review?.decision) return null;
  const decision = t(review.decision === 'approved' ? 'review.approved' : 'review.revisionRequested');
  return review.score ? t('review.withScore', { decision, score: review.score }) : decision;
}

/** A completed run the host has not approved yet (one sent back comes here again once completed anew). */
export const canReview = (run: RunRecord): boolean => run.status === 'completed' && run.review?.decision !== 'approved';

/**
 * The host's review of a completed run, task by task with the cleaner's photos: approve it, or send
 * chosen tasks back, each with a note and the photos that must be taken again; a score of 1 to 5
 * either way (POST /api/runs/{id}/review).
 */
export function ReviewActions({ run }: { run: RunRecord }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<ReviewDecision>('approve');
  const [draft, setDraft] = useState<ReviewDraft>({});
  const [note, setNote] = useState('');
  const [score, setScore] = useState<number | null>(null);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const notify = useNotify();
  const refresh = useRefresh();
  const tasks = useQuery({
    queryKey: ['run-tasks', run.id],
    queryFn: () => apiJson<{ tasks: ReviewedTask[] }>(`/runs/${run.id}`),
    enabled: open,
  });
  const evidence = useRunEvidence(open ? run.id : '', `review/${run.status}`);
  const timeZone = run.property.timezone ?? 'UTC';
  const sentBack = Object.keys(draft).length;
  const submit = useMutation({
    mutationFn: () =>
      apiJson(`/runs/${run.id}/review`, { method: 'POST', body: reviewRequestBody(decision, draft, note, score) }),
    onSuccess: () => {
      setOpen(false);
      setDraft({});
      notify(t(decision === 'approve' ? 'review.runApproved' : 'review.sentBackToCleaner'), { type: 'success' });
      refresh();
    },
  });
  const setVerdict = (taskId: string, verdict: ReviewDraft[string] | undefined) =>
    setDraft((current) => {
      const { [taskId]: _previous, ...others } = current;
      return verdict ? { ...others, [taskId]: verdict } : others;
    });

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<RateReviewIcon />} onClick={() => setOpen(true)}>
        {t('review.review')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        fullScreen={phone}
        maxWidth="md"
        aria-labelledby={`review-${run.id}`}
      >
        <DialogTitle id={`review-${run.id}`}>{t('review.title', { name: run.property.name })}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ToggleButtonGroup
              exclusive
              value={decision}
              onChange={(_, value: ReviewDecision | null) => value && setDecision(value)}
              aria-label={t('review.decision')}
            >
              <ToggleButton value="approve">{t('review.approve')}</ToggleButton>
              <ToggleButton value="revise">{t('review.sendTasksBack')}</ToggleButton>
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary">
              {t(decision === 'revise' ? 'review.reviseHint' : 'review.approveHint')}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label={t('review.tasksAndPhotos')}>
              {(tasks.data?.tasks ?? []).map((task) => (
                <ReviewTaskRow
                  key={task.id}
                  runId={run.id}
                  task={task}
                  media={evidence.data?.tasks.find((candidate) => candidate.id === task.id)?.media ?? []}
                  timeZone={timeZone}
                  sendingBack={decision === 'revise'}
                  verdict={decision === 'revise' ? draft[task.id] : undefined}
                  onVerdict={(verdict) => setVerdict(task.id, verdict)}
                />
              ))}
            </Stack>
            <TextField
              label={t(decision === 'revise' ? 'review.noteOnRun' : 'runPage.noteOptional')}
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography component="legend" id={`score-${run.id}`}>
                {t('review.score')}
              </Typography>
              <Rating value={score} onChange={(_, value) => setScore(value)} aria-labelledby={`score-${run.id}`} />
            </Stack>
            {submit.error && <Alert severity="error">{submit.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => submit.mutate()}
            disabled={submit.isPending || (decision === 'revise' && sentBack === 0)}
          >
            {decision === 'approve' ? t('review.approve') : t('review.sendBackCount', { smart_count: sentBack })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

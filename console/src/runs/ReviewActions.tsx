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
import { apiJson } from '../api/http.ts';
import type { RunRecord, RunReview } from '../resource-records.ts';
import { type ReviewDecision, type ReviewDraft, reviewRequestBody } from './review/review-draft.ts';
import { type ReviewedTask, ReviewTaskRow } from './review/ReviewTaskRow.tsx';
import { useRunEvidence } from './show/run-evidence.ts';

/** 'Approved · 5/5', 'Revision requested · 3/5'. */
export function reviewSummary(review: RunReview | undefined): string | null {
  if (!review?.decision) return null;
  const decision = review.decision === 'approved' ? 'Approved' : 'Revision requested';
  return review.score ? `${decision} · ${review.score}/5` : decision;
}

/**
 * The host's review of a completed run, task by task with the cleaner's photos: approve it, or send
 * chosen tasks back, each with a note and the photos that must be taken again; a score of 1 to 5
 * either way (POST /api/runs/{id}/review).
 */
export function ReviewActions({ run }: { run: RunRecord }) {
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
      notify(decision === 'approve' ? 'Run approved' : 'Sent back to the cleaner', { type: 'success' });
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
        Review
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        fullScreen={phone}
        maxWidth="md"
        aria-labelledby={`review-${run.id}`}
      >
        <DialogTitle id={`review-${run.id}`}>Review {run.property.name}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ToggleButtonGroup
              exclusive
              value={decision}
              onChange={(_, value: ReviewDecision | null) => value && setDecision(value)}
              aria-label="Decision"
            >
              <ToggleButton value="approve">Approve</ToggleButton>
              <ToggleButton value="revise">Send tasks back</ToggleButton>
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary">
              {decision === 'revise'
                ? 'Tick Send back on each task to redo, say what to redo, and reject the photos to take again.'
                : 'Check each task and its photos; click a photo to open it.'}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Tasks and their photos">
              {(tasks.data?.tasks ?? []).map((task) => (
                <ReviewTaskRow
                  key={task.id}
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
              label={decision === 'revise' ? 'Note on the whole run (optional)' : 'Note (optional)'}
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography component="legend" id={`score-${run.id}`}>
                Score
              </Typography>
              <Rating value={score} onChange={(_, value) => setScore(value)} aria-labelledby={`score-${run.id}`} />
            </Stack>
            {submit.error && <Alert severity="error">{submit.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => submit.mutate()}
            disabled={submit.isPending || (decision === 'revise' && sentBack === 0)}
          >
            {decision === 'approve' ? 'Approve' : `Send ${sentBack === 1 ? '1 task' : `${sentBack} tasks`} back`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

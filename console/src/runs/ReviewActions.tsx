import RateReviewIcon from '@mui/icons-material/RateReview';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Rating,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { RunRecord, RunReview } from '../resource-records.ts';

interface RunTasks {
  tasks: { id: string; title: string }[];
}

/** 'Approved · 5/5', 'Revision requested · 3/5'. */
export function reviewSummary(review: RunReview | undefined): string | null {
  if (!review?.decision) return null;
  const decision = review.decision === 'approved' ? 'Approved' : 'Revision requested';
  return review.score ? `${decision} · ${review.score}/5` : decision;
}

/**
 * The host's review of a completed run: approve it, or send chosen tasks back to the cleaner with a
 * note; a score of 1 to 5 either way (POST /api/runs/{id}/review).
 */
export function ReviewActions({ run }: { run: RunRecord }) {
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<'approve' | 'revise'>('approve');
  const [taskIds, setTaskIds] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [score, setScore] = useState<number | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const tasks = useQuery({
    queryKey: ['run-tasks', run.id],
    queryFn: () => apiJson<RunTasks>(`/runs/${run.id}`),
    enabled: open,
  });
  const submit = useMutation({
    mutationFn: () =>
      apiJson(`/runs/${run.id}/review`, {
        method: 'POST',
        body: { decision, task_ids: decision === 'revise' ? taskIds : [], note: note || null, score },
      }),
    onSuccess: () => {
      setOpen(false);
      notify(decision === 'approve' ? 'Run approved' : 'Sent back to the cleaner', { type: 'success' });
      refresh();
    },
  });
  const toggle = (id: string) =>
    setTaskIds((chosen) => (chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]));

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<RateReviewIcon />} onClick={() => setOpen(true)}>
        Review
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`review-${run.id}`}>
        <DialogTitle id={`review-${run.id}`}>Review {run.property.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ToggleButtonGroup
              exclusive
              value={decision}
              onChange={(_, value: 'approve' | 'revise' | null) => value && setDecision(value)}
              aria-label="Decision"
            >
              <ToggleButton value="approve">Approve</ToggleButton>
              <ToggleButton value="revise">Send tasks back</ToggleButton>
            </ToggleButtonGroup>
            {decision === 'revise' && (
              <FormGroup aria-label="Tasks to send back">
                {(tasks.data?.tasks ?? []).map((task) => (
                  <FormControlLabel
                    key={task.id}
                    control={<Checkbox checked={taskIds.includes(task.id)} onChange={() => toggle(task.id)} />}
                    label={task.title}
                  />
                ))}
              </FormGroup>
            )}
            <TextField
              label={decision === 'revise' ? 'Note for the cleaner' : 'Note (optional)'}
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
          <Button variant="contained" onClick={() => submit.mutate()} disabled={submit.isPending}>
            {decision === 'approve' ? 'Approve' : `Send ${taskIds.length || ''} back`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import { formatDateTime } from '@turnproof/config/time-format';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { DispatchFields } from '../../dispatch/DispatchFields.tsx';
import { instantFromLocal } from '../../dispatch/due-time.ts';
import { type IssueRecord, issueAnchor, useIssueActions, useRunIssues } from './run-issues.ts';

// The colours of MUI's standard Alerts: dark text on a light tint, readable at chip size.
const STATUS_CHIPS = {
  open: { label: 'Open', sx: { bgcolor: '#fff4e5', color: '#663c00' } },
  resolved: { label: 'Resolved', sx: { bgcolor: '#edf7ed', color: '#1e4620' } },
  follow_up: { label: 'Follow-up run', sx: { bgcolor: '#e5f6fd', color: '#014361' } },
} as const;

type Action = { kind: 'resolve' | 'follow_up'; issue: IssueRecord };

/**
 * Where each reported issue stands, with the host's two ways to close it: resolved with a note, or a
 * follow-up run (its own link, due time and cleaner). Each issue carries the anchor the mails link to.
 */
export function IssueStatusCard({ runId, timeZone }: { runId: string; timeZone: string }) {
  const { data: issues } = useRunIssues(runId);
  const { hash } = useLocation();
  const target = hash.slice(1);
  const [action, setAction] = useState<Action | null>(null);

  // A mail's link names one issue: bring it into view once the issues are there.
  useEffect(() => {
    if (!issues?.length || !target) return;
    const element = document.getElementById(target);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [issues, target]);

  if (!issues?.length) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="issue-status">
      <CardContent>
        <Typography id="issue-status" component="h2" variant="h6">
          Issue status
        </Typography>
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {issues.map((issue) => (
            <Box
              component="li"
              key={issue.id}
              id={issueAnchor(issue.id)}
              tabIndex={-1}
              aria-label={`Issue: ${issue.description}`}
              sx={{
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: target === issueAnchor(issue.id) ? 'primary.main' : 'divider',
                outline: 'none',
              }}
            >
              <IssueRow issue={issue} timeZone={timeZone} onAction={(kind) => setAction({ kind, issue })} />
            </Box>
          ))}
        </Stack>
      </CardContent>
      {action?.kind === 'resolve' && (
        <ResolveDialog runId={runId} issue={action.issue} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'follow_up' && (
        <FollowUpDialog runId={runId} issue={action.issue} timeZone={timeZone} onClose={() => setAction(null)} />
      )}
    </Card>
  );
}

function IssueRow({
  issue,
  timeZone,
  onAction,
}: {
  issue: IssueRecord;
  timeZone: string;
  onAction: (kind: Action['kind']) => void;
}) {
  const chip = STATUS_CHIPS[issue.status];
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" label={chip.label} sx={{ ...chip.sx, fontWeight: 600 }} />
        <Chip size="small" variant="outlined" label={`${issue.severity} severity`} />
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{issue.description}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Reported {formatDateTime(issue.created_at, timeZone)}
        {issue.task_title ? ` · task: ${issue.task_title}` : ''}
      </Typography>
      {issue.status !== 'open' && issue.resolved_at && (
        <Typography variant="body2">
          {issue.status === 'resolved' ? 'Resolved' : 'Follow-up run made'}{' '}
          {formatDateTime(issue.resolved_at, timeZone)}
          {issue.resolution_note ? `: ${issue.resolution_note}` : ''}
        </Typography>
      )}
      {issue.follow_up_run_id && (
        <MuiLink component={Link} to={`/runs/${issue.follow_up_run_id}/show`} variant="body2">
          Open the follow-up run
        </MuiLink>
      )}
      {issue.status === 'open' && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" variant="contained" onClick={() => onAction('resolve')}>
            Resolve
          </Button>
          <Button size="small" variant="outlined" onClick={() => onAction('follow_up')}>
            Make follow-up run
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function ResolveDialog({ runId, issue, onClose }: { runId: string; issue: IssueRecord; onClose: () => void }) {
  const notify = useNotify();
  const { resolve } = useIssueActions(runId);
  const [note, setNote] = useState('');
  const submit = () =>
    resolve.mutate(
      { issueId: issue.id, note },
      {
        onSuccess: () => {
          notify('Issue resolved', { type: 'success' });
          onClose();
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-issue-title">
      <DialogTitle id="resolve-issue-title">Resolve: {issue.description}</DialogTitle>
      <DialogContent>
        <TextField
          label="What was done?"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          autoFocus
          helperText="Kept with the issue, for you and your co-hosts."
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!note.trim() || resolve.isPending} onClick={submit}>
          Mark resolved
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FollowUpDialog({
  runId,
  issue,
  timeZone,
  onClose,
}: {
  runId: string;
  issue: IssueRecord;
  timeZone: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const { followUp } = useIssueActions(runId);
  const [dueLocal, setDueLocal] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [note, setNote] = useState('');
  const submit = () =>
    followUp.mutate(
      {
        issueId: issue.id,
        note,
        due_at: dueLocal ? instantFromLocal(dueLocal, timeZone) : null,
        assigned_to: assigneeId || null,
      },
      {
        onSuccess: () => {
          notify('Follow-up run created', { type: 'success' });
          onClose();
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="follow-up-title">
      <DialogTitle id="follow-up-title">Follow-up run: {issue.description}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2">
            A run of its own at this property, with one task: fix it and take a photo. It gets its own link; the issue
            shows as handed to it.
          </Typography>
          <DispatchFields
            timeZone={timeZone}
            dueLocal={dueLocal}
            assigneeId={assigneeId}
            onDue={setDueLocal}
            onAssignee={setAssigneeId}
          />
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={followUp.isPending} onClick={submit}>
          Create follow-up run
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { DispatchFields } from '../../dispatch/DispatchFields.tsx';
import { instantFromLocal } from '../../dispatch/due-time.ts';
import { useT } from '../../i18n/useT.ts';
import { type IssueRecord, useIssueActions } from './run-issues.ts';

/** Resolve an issue with a note: what was done, kept with it. */
export function ResolveDialog({ runId, issue, onClose }: { runId: string; issue: IssueRecord; onClose: () => void }) {
  const t = useT();
  const notify = useNotify();
  const { resolve } = useIssueActions(runId);
  const [note, setNote] = useState('');
  const submit = () =>
    resolve.mutate(
      { issueId: issue.id, note },
      {
        onSuccess: () => {
          notify(t('runPage.issueResolved'), { type: 'success' });
          onClose();
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-issue-title">
      <DialogTitle id="resolve-issue-title">
        {t('runPage.resolveTitle', { description: issue.description })}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t('runPage.whatWasDone')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          autoFocus
          helperText={t('runPage.keptWithIssue')}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!note.trim() || resolve.isPending} onClick={submit}>
          {t('runPage.markResolved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Turn an issue into a follow-up run: its own link, due time and cleaner. */
export function FollowUpDialog({
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
  const t = useT();
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
          notify(t('runPage.followUpCreated'), { type: 'success' });
          onClose();
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="follow-up-title">
      <DialogTitle id="follow-up-title">{t('runPage.followUpTitle', { description: issue.description })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2">{t('runPage.followUpText')}</Typography>
          <DispatchFields
            timeZone={timeZone}
            dueLocal={dueLocal}
            assigneeId={assigneeId}
            onDue={setDueLocal}
            onAssignee={setAssigneeId}
          />
          <TextField
            label={t('runPage.noteOptional')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={followUp.isPending} onClick={submit}>
          {t('runPage.createFollowUp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

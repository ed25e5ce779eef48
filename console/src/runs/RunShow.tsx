import { formatDateTime } from '@turnproof/config/time-format';
import { Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useGetOne, useLocale, useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RUN_STATUS_STYLES } from '../dashboard/runLabels.ts';
import { DispatchFields } from '../dispatch/DispatchFields.tsx';
import { instantFromLocal, localFromInstant } from '../dispatch/due-time.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import type { PropertyRecord, RunRecord } from '../resource-records.ts';
import type { RunStatus } from '../types.ts';
import { canReview, ReviewActions, reviewSummary } from './ReviewActions.tsx';
import { useRunEvidence } from './show/run-evidence.ts';
import { RunChangesCard } from './show/RunChangesCard.tsx';
import { RunClaimClockCard } from './show/RunClaimClockCard.tsx';
import { RunHoursCard } from './show/RunHoursCard.tsx';
import { RunIssuesCard } from './show/RunIssuesCard.tsx';
import { RunReportsCard } from './show/RunReportsCard.tsx';
import { RunTasksCard, type RunTaskRecord } from './show/RunTasksCard.tsx';
import { RunTextsCard } from './show/RunTextsCard.tsx';
import { RunTimelineCard } from './show/RunTimelineCard.tsx';

/** The statuses the host may move a run to (forward only, as the server enforces). */
const NEXT_STATUSES: Partial<Record<RunStatus, RunStatus[]>> = {
  pending: ['in_progress', 'completed'],
  in_progress: ['completed'],
};

/**
 * The run page: status (forward only: in progress, completed), due time and assignee (the host
 * reassigns or moves it here), the tasks with photos, comments, durations, check times and places, the
 * issues, the report versions, the timeline of what the workflow did, and Mark Run as Complete (the
 * workflow's validator decides, as for the cleaner).
 */
export function RunShow() {
  const { id = '' } = useParams();
  const t = useT();
  const locale = useLocale();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: run, refetch } = useGetOne<RunRecord & { tasks: RunTaskRecord[] }>('runs', { id });
  const { data: property } = useGetOne<PropertyRecord>(
    'properties',
    { id: run?.property_id ?? '' },
    { enabled: Boolean(run) },
  );
  const [dueLocal, setDueLocal] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timeZone = property?.timezone ?? 'UTC';
  const { data: evidence } = useRunEvidence(id, `${run?.status}/${run?.completed_task_count}`);

  if (!run) return null;
  const update = async (data: Record<string, unknown>, success: string, failure: MessageKey) => {
    setBusy(true);
    try {
      await dataProvider.update('runs', { id: run.id, data, previousData: run });
      notify(success, { type: 'success' });
      setDueLocal(null);
      setAssigneeId(null);
      await refetch();
    } catch (error) {
      notify(t('layout.failedWith', { message: t(failure), error: error instanceof Error ? error.message : '' }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const due = dueLocal ?? localFromInstant(run.due_at, timeZone);
  const assignee = assigneeId ?? run.assigned_to ?? '';
  const style = RUN_STATUS_STYLES[run.status];
  const nextStatuses = NEXT_STATUSES[run.status] ?? [];
  // Due time and cleaner matter until the run is done; a completed (or approved) run only shows them.
  const scheduling = run.status === 'pending' || run.status === 'in_progress' || run.status === 'revision_requested';
  const changeStatus = (status: RunStatus) =>
    void update(
      { status },
      t('runPage.statusChanged', { status: t(RUN_STATUS_STYLES[status].label) }),
      'runPage.statusFailed',
    );
  const summary = reviewSummary(t, run.review);

  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 860 }}>
      <Title title={`${run.property.name}: ${run.checklist.name}`} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5">
          {run.property.name}
        </Typography>
        <Chip label={t(style.label)} sx={{ color: style.color, bgcolor: style.bgcolor }} />
        {run.awaiting_submission && <Chip color="warning" variant="outlined" label={t('runPage.awaitingSubmission')} />}
        {run.source === 'calendar' && <Chip variant="outlined" label={t('runPage.fromCalendar')} />}
        {summary && <Chip variant="outlined" label={summary} />}
        {canReview(run) && <ReviewActions run={run} />}
        {nextStatuses.length > 0 && (
          <TextField
            select
            size="small"
            label={t('runPage.changeStatus')}
            value=""
            disabled={busy}
            onChange={(event) => changeStatus(event.target.value as RunStatus)}
            sx={{ width: 200, flexShrink: 0, ml: 'auto' }}
          >
            {nextStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {t(RUN_STATUS_STYLES[status].label)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Card variant="outlined" component="section" aria-label={t('runPage.dueAndAssignee')}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2">
              {run.due_at
                ? t('runs.due', { when: formatDateTime(run.due_at, timeZone, locale) })
                : t('runPage.noDueTime')}
              {!scheduling &&
                ` · ${run.assignee ? t('runs.assignedTo', { name: run.assignee.name }) : t('runs.unassigned')}`}
            </Typography>
            {scheduling && (
              <>
                <DispatchFields
                  timeZone={timeZone}
                  dueLocal={due}
                  assigneeId={assignee}
                  onDue={setDueLocal}
                  onAssignee={setAssigneeId}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    disabled={busy || (dueLocal === null && assigneeId === null)}
                    onClick={() =>
                      void update(
                        { due_at: due ? instantFromLocal(due, timeZone) : null, assigned_to: assignee || null },
                        t('runPage.runUpdated'),
                        'runPage.updateFailed',
                      )
                    }
                  >
                    {t('common.save')}
                  </Button>
                  {(run.status === 'pending' || run.status === 'in_progress') && (
                    <Button
                      variant="outlined"
                      color="success"
                      disabled={busy}
                      onClick={() => changeStatus('completed')}
                    >
                      {t('runPage.markComplete')}
                    </Button>
                  )}
                </Stack>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      <RunHoursCard runId={run.id} refreshKey={`${run.status}/${run.completed_task_count}`} timeZone={timeZone} />
      <RunTasksCard
        runId={run.id}
        tasks={run.tasks}
        checkedCount={run.completed_task_count}
        evidence={evidence}
        timeZone={timeZone}
      />
      <RunIssuesCard runId={run.id} propertyId={run.property_id} evidence={evidence} timeZone={timeZone} />
      <RunChangesCard runId={run.id} runStatus={run.status} />
      <RunReportsCard runId={run.id} runStatus={run.status} />
      {run.status === 'completed' && <RunClaimClockCard runId={run.id} />}
      <RunTimelineCard
        runId={run.id}
        refreshKey={`${run.status}/${run.assigned_to}/${run.review?.reviewed_at}`}
        timeZone={timeZone}
      />
      <RunTextsCard runId={run.id} refreshKey={`${run.status}/${run.assigned_to}`} timeZone={timeZone} />
    </Stack>
  );
}

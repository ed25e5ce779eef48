import { Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { RUN_STATUS_STYLES } from '../dashboard/runLabels.ts';
import { DispatchFields } from '../dispatch/DispatchFields.tsx';
import { formatInZone, instantFromLocal, localFromInstant } from '../dispatch/due-time.ts';
import type { PropertyRecord, RunRecord } from '../resource-records.ts';
import { type CheckClaim, checkTimes } from './device-claims.ts';

interface RunTaskRecord {
  id: string;
  title: string;
  checked: boolean;
  checked_at: string | null;
  comment: string | null;
  duration_seconds: number | null;
  check_claim?: CheckClaim | null;
}

interface TimelineEntry {
  id: string;
  kind: string;
  detail: string;
  created_at: string;
}

/**
 * The run page: status, due time and assignee (the host reassigns or moves it here), the tasks with
 * comments, durations and check times, the timeline of what the workflow did, and Mark Run as Complete
 * (the workflow's validator decides, as for the cleaner).
 */
export function RunShow() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: run, refetch } = useGetOne<RunRecord & { tasks: RunTaskRecord[] }>('runs', { id });
  const { data: property } = useGetOne<PropertyRecord>(
    'properties',
    { id: run?.property_id ?? '' },
    { enabled: Boolean(run) },
  );
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  const [dueLocal, setDueLocal] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timeZone = property?.timezone ?? 'UTC';

  useEffect(() => {
    if (id) void apiJson<TimelineEntry[]>(`/runs/${id}/timeline`).then(setTimeline);
  }, [id, run?.status, run?.assigned_to]);

  if (!run) return null;
  const update = async (data: Record<string, unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await dataProvider.update('runs', { id: run.id, data, previousData: run });
      notify(success, { type: 'success' });
      setDueLocal(null);
      setAssigneeId(null);
      await refetch();
    } catch (error) {
      notify(`${failure}: ${error instanceof Error ? error.message : ''}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const due = dueLocal ?? localFromInstant(run.due_at, timeZone);
  const assignee = assigneeId ?? run.assigned_to ?? '';
  const style = RUN_STATUS_STYLES[run.status];

  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 860 }}>
      <Title title={`${run.property.name}: ${run.checklist.name}`} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="h1" variant="h5">
          {run.property.name}
        </Typography>
        <Chip label={style.label} sx={{ color: style.color, bgcolor: style.bgcolor }} />
        {run.source === 'calendar' && <Chip variant="outlined" label="From booking calendar" />}
      </Stack>
      <Card variant="outlined" component="section" aria-label="Due time and assignee">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2">
              {run.due_at ? `Due ${formatInZone(run.due_at, timeZone)}` : 'No due time'}
            </Typography>
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
                    'Run updated',
                    'Failed to update run',
                  )
                }
              >
                Save
              </Button>
              {(run.status === 'pending' || run.status === 'in_progress') && (
                <Button
                  variant="outlined"
                  color="success"
                  disabled={busy}
                  onClick={() => void update({ status: 'completed' }, 'Run completed', 'Failed to update run status')}
                >
                  Mark Run as Complete
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="run-tasks">
        <CardContent>
          <Typography id="run-tasks" component="h2" variant="h6">
            Tasks ({run.completed_task_count}/{run.task_count})
          </Typography>
          <List dense>
            {run.tasks.map((task) => (
              <ListItem key={task.id} disableGutters>
                <ListItemText
                  primary={`${task.checked ? '✓' : '○'} ${task.title}`}
                  secondary={[
                    checkTimes(task, timeZone),
                    task.duration_seconds ? `${Math.round(task.duration_seconds / 60)} min` : null,
                    task.comment,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="run-timeline">
        <CardContent>
          <Typography id="run-timeline" component="h2" variant="h6">
            Timeline
          </Typography>
          <List dense>
            {timeline.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText primary={entry.detail} secondary={formatInZone(entry.created_at, timeZone)} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Stack>
  );
}

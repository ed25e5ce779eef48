import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocale } from 'react-admin';
import { useT } from '../../i18n/useT.ts';
import { type CheckClaim, checkTimes } from '../device-claims.ts';
import { MediaThumbnails } from './MediaThumbnails.tsx';
import { placeOf, type RunEvidence } from './run-evidence.ts';

export interface RunTaskRecord {
  id: string;
  title: string;
  checked: boolean;
  checked_at: string | null;
  comment: string | null;
  duration_seconds: number | null;
  check_claim?: CheckClaim | null;
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** Each task: checked or not, when and where, how long it took, the cleaner's comment, and its photos. */
export function RunTasksCard(props: {
  runId: string;
  tasks: RunTaskRecord[];
  checkedCount: number;
  evidence: RunEvidence | undefined;
  timeZone: string;
}) {
  const { runId, tasks, evidence, timeZone } = props;
  const t = useT();
  const locale = useLocale();
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-tasks">
      <CardContent>
        <Typography id="run-tasks" component="h2" variant="h6">
          {t('runPage.tasks', { checked: props.checkedCount, total: tasks.length })}
        </Typography>
        <List dense>
          {tasks.map((task) => {
            const extra = evidence?.tasks.find((candidate) => candidate.id === task.id);
            const place = extra ? placeOf(extra) : null;
            const media = extra?.media ?? [];
            return (
              <ListItem key={task.id} disableGutters sx={{ display: 'block' }}>
                <ListItemText
                  primary={`${task.checked ? '✓' : '○'} ${task.title}`}
                  secondary={[
                    checkTimes(t, task, timeZone, locale),
                    // The capture log's claimed position is shown by checkTimes; else the task's own.
                    place && !task.check_claim?.device_position ? t('runPage.atPlace', { place }) : null,
                    task.duration_seconds ? formatDuration(task.duration_seconds) : null,
                    task.comment ? t('runPage.quoted', { text: task.comment }) : null,
                    extra?.revision_note ? t('runPage.sentBack', { note: extra.revision_note }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <MediaThumbnails runId={runId} media={media} subject={task.title} timeZone={timeZone} />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}

import { Box, ButtonBase, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatInZone } from '../../dispatch/due-time.ts';
import { type CheckClaim, checkTimes } from '../device-claims.ts';
import { PhotoViewer, type ViewedMedia } from './PhotoViewer.tsx';
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
  tasks: RunTaskRecord[];
  checkedCount: number;
  evidence: RunEvidence | undefined;
  timeZone: string;
}) {
  const { tasks, evidence, timeZone } = props;
  const [viewed, setViewed] = useState<ViewedMedia | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-tasks">
      <CardContent>
        <Typography id="run-tasks" component="h2" variant="h6">
          Tasks ({props.checkedCount}/{tasks.length})
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
                    checkTimes(task, timeZone),
                    // The capture log's claimed position is shown by checkTimes; else the task's own.
                    place && !task.check_claim?.device_position ? `at ${place}` : null,
                    task.duration_seconds ? formatDuration(task.duration_seconds) : null,
                    task.comment ? `“${task.comment}”` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                {media.length > 0 && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                    {media.map((item, index) => {
                      const title = `${task.title}: ${item.type} ${index + 1} of ${media.length}`;
                      const received = `received ${formatInZone(item.received_at, timeZone)}`;
                      const caption = item.captured_at
                        ? `Taken ${formatInZone(item.captured_at, timeZone)} (the phone's clock), ${received}`
                        : `${received[0]!.toUpperCase()}${received.slice(1)}`;
                      return (
                        <ButtonBase
                          key={item.id}
                          aria-label={`Open ${title}`}
                          onClick={() => setViewed({ url: item.url, type: item.type, title, caption })}
                          sx={{ borderRadius: 1, overflow: 'hidden' }}
                        >
                          {item.thumbnail_url ? (
                            <img
                              src={item.thumbnail_url}
                              alt={title}
                              width={96}
                              height={96}
                              style={{ objectFit: 'cover' }}
                            />
                          ) : (
                            <Box
                              sx={{ width: 96, height: 96, display: 'grid', placeItems: 'center', bgcolor: 'grey.200' }}
                            >
                              {item.type === 'video' ? 'Video' : 'Photo'}
                            </Box>
                          )}
                        </ButtonBase>
                      );
                    })}
                  </Stack>
                )}
              </ListItem>
            );
          })}
        </List>
        <PhotoViewer media={viewed} onClose={() => setViewed(null)} />
      </CardContent>
    </Card>
  );
}

import { Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useT } from '../../i18n/useT.ts';
import { MediaThumbnails } from '../show/MediaThumbnails.tsx';
import type { EvidenceMedia } from '../show/run-evidence.ts';
import { toggleRejected, type TaskVerdict } from './review-draft.ts';

export interface ReviewedTask {
  id: string;
  title: string;
  checked: boolean;
  comment: string | null;
}

/**
 * One task under review: what the cleaner left (tick, comment, photos that open full size). While
 * sending tasks back, 'Send back' opens a note on this task and a Reject under each of its photos.
 */
export function ReviewTaskRow({
  runId,
  task,
  media,
  timeZone,
  sendingBack,
  verdict,
  onVerdict,
}: {
  runId: string;
  task: ReviewedTask;
  media: EvidenceMedia[];
  timeZone: string;
  sendingBack: boolean;
  verdict: TaskVerdict | undefined;
  onVerdict: (verdict: TaskVerdict | undefined) => void;
}) {
  const t = useT();
  const current = media.filter((item) => !item.rejected_at);
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={task.title}
      sx={{ p: 1.5, listStyle: 'none', borderColor: verdict ? 'warning.main' : undefined }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" component="h3">
            {task.checked ? '✓' : '○'} {task.title}
          </Typography>
          {sendingBack && (
            <FormControlLabel
              sx={{ mr: 0, flexShrink: 0 }}
              control={
                <Checkbox
                  checked={Boolean(verdict)}
                  onChange={(event) => onVerdict(event.target.checked ? { note: '', rejectedMediaIds: [] } : undefined)}
                  slotProps={{ input: { 'aria-label': t('review.sendBackTask', { title: task.title }) } }}
                />
              }
              label={t('review.sendBack')}
            />
          )}
        </Stack>
        {task.comment && <Typography variant="body2">{t('runPage.quoted', { text: task.comment })}</Typography>}
        {media.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('review.noPhotos')}
          </Typography>
        ) : (
          <MediaThumbnails
            runId={runId}
            media={media}
            subject={task.title}
            timeZone={timeZone}
            below={(item, title) =>
              verdict && !item.rejected_at ? (
                <FormControlLabel
                  sx={{ m: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={verdict.rejectedMediaIds.includes(item.id)}
                      onChange={() => onVerdict(toggleRejected(verdict, item.id))}
                      slotProps={{ input: { 'aria-label': t('review.rejectPhoto', { title }) } }}
                    />
                  }
                  label={t('review.reject')}
                />
              ) : null
            }
          />
        )}
        {verdict && (
          <TextField
            label={t('review.noteOnTask', { title: task.title })}
            placeholder={t('review.whatToRedo')}
            size="small"
            multiline
            minRows={2}
            value={verdict.note}
            onChange={(event) => onVerdict({ ...verdict, note: event.target.value })}
            helperText={
              verdict.rejectedMediaIds.length
                ? t('review.mustReplace', { smart_count: verdict.rejectedMediaIds.length })
                : current.length
                  ? t('review.tickReject')
                  : undefined
            }
          />
        )}
      </Stack>
    </Paper>
  );
}

import { Autocomplete, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useT } from '../i18n/useT.ts';
import { RequiredPhotosStepper } from './RequiredPhotosStepper.tsx';

export interface TaskDraft {
  title: string;
  description: string;
  /** The section (room) the task is in; empty for none. */
  section: string;
  required_media: number;
  /** The cleaner's photos must come from the camera (the runner offers no gallery). */
  camera_only: boolean;
}

export const emptyTask: TaskDraft = { title: '', description: '', section: '', required_media: 0, camera_only: false };

/**
 * Title (required after trimming), optional description, the section (one of the checklist's rooms or a
 * new one), the required-photos stepper and "Camera only" (react-hook-form). A disabled submit button says what it waits for.
 */
export function TaskForm({
  initial = emptyTask,
  sections,
  submitLabel,
  onSubmit,
  onCancel,
  label,
}: {
  initial?: TaskDraft;
  /** The checklist's sections, offered in the section field. */
  sections: string[];
  submitLabel: string;
  /** Resolves when saved; the form then resets (adding) or closes (editing). */
  onSubmit: (draft: TaskDraft) => Promise<void>;
  onCancel?: () => void;
  label: string;
}) {
  const t = useT();
  const { control, handleSubmit, reset, formState } = useForm<TaskDraft>({ defaultValues: initial });
  const title = useWatch({ control, name: 'title' });
  const hintId = useId();
  const submit = handleSubmit(async (draft) => {
    try {
      await onSubmit({
        ...draft,
        title: draft.title.trim(),
        description: draft.description.trim(),
        section: draft.section.trim(),
      });
      // A task added next most likely goes into the same room.
      reset({ ...emptyTask, section: draft.section.trim() });
    } catch {
      // The owner has been told; the draft stays so nothing typed is lost.
    }
  });
  const waitingForTitle = !title.trim();
  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Controller
        name="title"
        control={control}
        // The API's rule and sentence for a task title (POST /api/tasks answers the same).
        rules={{ validate: (value) => value.trim() !== '' || t('checklistEditor.titleRequired') }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('checklistEditor.taskTitle')}
            required
            size="small"
            autoFocus={Boolean(onCancel)}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="description"
        control={control}
        render={({ field }) => (
          <TextField {...field} label={t('checklistEditor.description')} multiline minRows={2} size="small" />
        )}
      />
      <Controller
        name="section"
        control={control}
        render={({ field }) => (
          <Autocomplete
            freeSolo
            options={sections}
            inputValue={field.value}
            onInputChange={(_event, value) => field.onChange(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('checklistEditor.section')}
                size="small"
                helperText={t('checklistEditor.sectionHint')}
              />
            )}
          />
        )}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Controller
          name="required_media"
          control={control}
          render={({ field }) => <RequiredPhotosStepper value={field.value} onChange={field.onChange} />}
        />
        <Controller
          name="camera_only"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('checklistEditor.cameraOnly')}
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          {waitingForTitle && (
            <Typography id={hintId} variant="body2" color="text.secondary">
              {onCancel ? t('checklistEditor.addTitleToSave') : t('checklistEditor.addTitleToAdd')}
            </Typography>
          )}
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button
            type="submit"
            variant="contained"
            disabled={waitingForTitle || formState.isSubmitting}
            aria-describedby={waitingForTitle ? hintId : undefined}
            sx={{ flexShrink: 0 }}
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

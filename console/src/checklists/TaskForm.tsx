import { Box, Button, Stack, TextField } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { RequiredPhotosStepper } from './RequiredPhotosStepper.tsx';

export interface TaskDraft {
  title: string;
  description: string;
  required_media: number;
}

export const emptyTask: TaskDraft = { title: '', description: '', required_media: 0 };

/** The API's rule and sentence for a task title (POST /api/tasks answers the same). */
const TITLE_REQUIRED = 'Task title is required.';

/** Title (required after trimming), optional description and the required-photos stepper (react-hook-form). */
export function TaskForm({
  initial = emptyTask,
  submitLabel,
  onSubmit,
  onCancel,
  label,
}: {
  initial?: TaskDraft;
  submitLabel: string;
  /** Resolves when saved; the form then resets (adding) or closes (editing). */
  onSubmit: (draft: TaskDraft) => Promise<void>;
  onCancel?: () => void;
  label: string;
}) {
  const { control, handleSubmit, reset, formState } = useForm<TaskDraft>({ defaultValues: initial });
  const title = useWatch({ control, name: 'title' });
  const submit = handleSubmit(async (draft) => {
    try {
      await onSubmit({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
      reset(emptyTask);
    } catch {
      // The owner has been told; the draft stays so nothing typed is lost.
    }
  });
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
        rules={{ validate: (value) => value.trim() !== '' || TITLE_REQUIRED }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Task title"
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
          <TextField {...field} label="Description (optional)" multiline minRows={2} size="small" />
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
        <Stack direction="row" spacing={1}>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="submit" variant="contained" disabled={!title.trim() || formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

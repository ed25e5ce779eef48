import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { RequiredPhotosStepper } from './RequiredPhotosStepper.tsx';

export interface TaskDraft {
  title: string;
  description: string;
  required_media: number;
}

export const emptyTask: TaskDraft = { title: '', description: '', required_media: 0 };

/** Title (required after trimming), optional description and the required-photos stepper. */
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
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) return;
    setSaving(true);
    try {
      await onSubmit({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
      setDraft(emptyTask);
    } catch {
      // The owner has been told; the draft stays so nothing typed is lost.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label={label}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <TextField
        label="Task title"
        value={draft.title}
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        required
        size="small"
        autoFocus={Boolean(onCancel)}
      />
      <TextField
        label="Description (optional)"
        value={draft.description}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        multiline
        minRows={2}
        size="small"
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <RequiredPhotosStepper
          value={draft.required_media}
          onChange={(required_media) => setDraft({ ...draft, required_media })}
        />
        <Stack direction="row" spacing={1}>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="submit" variant="contained" disabled={!draft.title.trim() || saving}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

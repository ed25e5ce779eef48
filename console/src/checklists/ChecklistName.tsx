import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/useT.ts';

/** The checklist name in display or edit mode (save or cancel); a blank name cannot be saved. */
export function ChecklistName({ name, onRename }: { name: string; onRename: (name: string) => Promise<void> }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);

  if (!editing) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="h2" variant="h5">
          {name}
        </Typography>
        <IconButton
          aria-label={t('checklistEditor.rename')}
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          <EditIcon />
        </IconButton>
      </Stack>
    );
  }
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setSaving(true);
    try {
      await onRename(draft.trim());
      setEditing(false);
    } catch {
      // The owner has been told; stay in edit mode.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack component="form" onSubmit={save} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        label={t('checklistEditor.name')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        size="small"
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <Button type="submit" variant="contained" disabled={!draft.trim() || saving}>
        {t('common.save')}
      </Button>
      <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
    </Stack>
  );
}

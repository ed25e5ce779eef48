import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Stack, TextField, Typography, type TypographyProps } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n/useT.ts';

/**
 * A value shown as text with an edit button; in edit mode, Enter or the check saves and Escape or the
 * cross cancels. `onSave` rejects to keep the editor open (the caller tells why).
 */
export function InlineEdit({
  label,
  value,
  placeholder,
  onSave,
  variant = 'body1',
  component = 'p',
}: {
  label: string;
  value: string | null;
  placeholder: string;
  onSave: (value: string) => Promise<void>;
  variant?: TypographyProps['variant'];
  component?: 'p' | 'h2';
}) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    try {
      await onSave(draft);
      setDraft(null);
    } catch {
      // The caller has shown the error; the editor stays open with the draft.
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Typography variant={variant} component={component} color={value ? 'text.primary' : 'text.secondary'}>
          {value || placeholder}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('profile.editField', { field: label.toLowerCase() })}
          onClick={() => setDraft(value ?? '')}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Stack>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <TextField
        size="small"
        label={label}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <IconButton
        size="small"
        aria-label={t('profile.saveField', { field: label.toLowerCase() })}
        disabled={saving}
        onClick={() => void save()}
      >
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('common.cancel')} onClick={() => setDraft(null)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

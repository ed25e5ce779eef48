import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import type { ChecklistType } from '../resource-records.ts';
import { type T, useT } from '../i18n/useT.ts';
import { typeLabel } from '../runs/run-kinds.ts';

interface Props<T extends ChecklistType> {
  open: boolean;
  title: string;
  nameLabel: string;
  typeLabelText: string;
  types: readonly T[];
  submitLabel: string;
  onClose: () => void;
  /** Resolves when saved (the dialog then closes); rejects to keep it open. */
  onSubmit: (value: { name: string; type: T }) => Promise<void>;
}

/** What a disabled create button waits for, said beside it; null once it can be pressed. */
function missingForCreate(t: T, name: string, type: string): string | null {
  if (!name.trim() && !type) return t('checklistEditor.needNameAndType');
  if (!name.trim()) return t('checklistEditor.needName');
  if (!type) return t('checklistEditor.needType');
  return null;
}

/**
 * A name and a type, as the templates screen's 'Create New Template' and a property's 'New Checklist' ask:
 * the button stays disabled while the name is blank, no type is chosen, or it is saving, and says which.
 */
export function NameTypeDialog<T extends ChecklistType>(props: Props<T>) {
  const t = useT();
  const { open, title, nameLabel, typeLabelText, types, submitLabel, onClose, onSubmit } = props;
  const [name, setName] = useState('');
  const [type, setType] = useState<T | ''>('');
  const [saving, setSaving] = useState(false);
  const typeLabelId = useId();
  const missing = missingForCreate(t, name, type);

  const close = () => {
    setName('');
    setType('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !type) return;
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), type });
      close();
    } catch {
      // The caller has told the owner what went wrong; the dialog stays open to retry.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`${typeLabelId}-title`}>
      <form onSubmit={submit}>
        <DialogTitle id={`${typeLabelId}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            label={nameLabel}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            required
          />
          <FormControl required>
            <InputLabel id={typeLabelId}>{typeLabelText}</InputLabel>
            <Select
              labelId={typeLabelId}
              label={typeLabelText}
              value={type}
              onChange={(event) => setType(event.target.value as T)}
            >
              {types.map((option) => (
                <MenuItem key={option} value={option}>
                  {typeLabel(t, option)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          {missing && (
            <Typography id={`${typeLabelId}-missing`} variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {missing}
            </Typography>
          )}
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(missing) || saving}
            aria-describedby={missing ? `${typeLabelId}-missing` : undefined}
          >
            {saving ? t('checklistEditor.creating') : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

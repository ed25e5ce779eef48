import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { IconButton, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useT } from '../i18n/useT.ts';

export const MAX_REQUIRED_PHOTOS = 5;

/** Required photos from 0 to 5: minus is disabled at 0, plus at 5. */
export function RequiredPhotosStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const t = useT();
  const labelId = useId();
  return (
    <Stack direction="row" spacing={1} role="group" aria-labelledby={labelId} sx={{ alignItems: 'center' }}>
      <Typography id={labelId} variant="body2" sx={{ minWidth: 120 }}>
        {t('checklistEditor.requiredPhotos')}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('checklistEditor.fewerPhotos')}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <RemoveIcon />
      </IconButton>
      <Typography aria-live="polite" sx={{ minWidth: 24, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('checklistEditor.morePhotos')}
        disabled={value >= MAX_REQUIRED_PHOTOS}
        onClick={() => onChange(Math.min(MAX_REQUIRED_PHOTOS, value + 1))}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}

import { FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import type { RunType } from '../../types.ts';
import { RUN_KINDS, typeLabel } from '../run-kinds.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { useT } from '../../i18n/useT.ts';

const descriptions: Record<RunType, MessageKey> = {
  turnover: 'wizard.turnoverText',
  move_in: 'wizard.moveInText',
  move_out: 'wizard.moveOutText',
};

/** Step 1: turnover, move-in or move-out; each choice is a bordered card-sized radio button. */
export function TypeStep({ value, onChange }: { value: RunType; onChange: (kind: RunType) => void }) {
  const t = useT();
  return (
    <RadioGroup
      aria-label={t('wizard.typeStep')}
      value={value}
      onChange={(event) => onChange(event.target.value as RunType)}
      sx={{ gap: 1.5 }}
    >
      {RUN_KINDS.map((kind) => (
        <FormControlLabel
          key={kind}
          value={kind}
          control={<Radio />}
          sx={{
            m: 0,
            p: 1.5,
            border: value === kind ? 2 : 1,
            borderColor: value === kind ? 'primary.main' : 'divider',
            borderRadius: 2,
          }}
          label={
            <span>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {typeLabel(t, kind)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {t(descriptions[kind])}
              </Typography>
            </span>
          }
        />
      ))}
    </RadioGroup>
  );
}

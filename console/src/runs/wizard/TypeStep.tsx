import { Card, CardActionArea, CardContent, Radio, Stack, Typography } from '@mui/material';
import type { RunType } from '../../types.ts';
import { RUN_KINDS, typeLabel } from '../run-kinds.ts';

const descriptions: Record<RunType, string> = {
  turnover: 'Between guests: cleaning and restocking with photo proof.',
  move_in: 'Record the condition of a unit when a tenant moves in.',
  move_out: 'Compare the condition of a unit when a tenant moves out.',
};

/** Step 1: turnover, move-in or move-out, as a radio group of cards. */
export function TypeStep({ value, onChange }: { value: RunType; onChange: (kind: RunType) => void }) {
  return (
    <Stack spacing={1.5} role="radiogroup" aria-label="Inspection Type">
      {RUN_KINDS.map((kind) => (
        <Card
          key={kind}
          variant="outlined"
          sx={{ borderColor: value === kind ? 'primary.main' : undefined, borderWidth: value === kind ? 2 : 1 }}
        >
          <CardActionArea component="label" htmlFor={`run-type-${kind}`}>
            <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Radio
                id={`run-type-${kind}`}
                checked={value === kind}
                onChange={() => onChange(kind)}
                value={kind}
                name="run-type"
              />
              <div>
                <Typography sx={{ fontWeight: 600 }}>{typeLabel(kind)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {descriptions[kind]}
                </Typography>
              </div>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

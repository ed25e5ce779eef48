import { Chip } from '@mui/material';
import type { ChecklistType } from '../resource-records.ts';
import { typeLabel } from '../runs/run-kinds.ts';

export function TypeBadge({ type }: { type: ChecklistType }) {
  return <Chip size="small" variant="outlined" color="primary" label={typeLabel(type)} />;
}

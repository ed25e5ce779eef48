import { Chip } from '@mui/material';
import { useT } from '../i18n/useT.ts';
import type { ChecklistType } from '../resource-records.ts';
import { typeLabel } from '../runs/run-kinds.ts';

export function TypeBadge({ type }: { type: ChecklistType }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color="primary" label={typeLabel(t, type)} />;
}

import { Chip } from '@mui/material';
import { RUN_STATUS_STYLES } from '../dashboard/runLabels.ts';
import type { RunStatus } from '../types.ts';
import { statusLabel } from './run-kinds.ts';

export function StatusChip({ status }: { status: RunStatus }) {
  const { color, bgcolor } = RUN_STATUS_STYLES[status];
  return <Chip size="small" label={statusLabel(status)} sx={{ bgcolor, color, fontWeight: 600 }} />;
}

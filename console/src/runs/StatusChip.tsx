import { Chip } from '@mui/material';
import type { InspectionStatus } from '../resource-records.ts';
import { statusColors, statusLabel } from './run-kinds.ts';

export function StatusChip({ status }: { status: InspectionStatus }) {
  const { bg, fg } = statusColors[status];
  return <Chip size="small" label={statusLabel(status)} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}

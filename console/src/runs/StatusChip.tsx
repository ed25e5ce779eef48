import { Chip } from '@mui/material';
import { RUN_STATUS_STYLES } from '../dashboard/runLabels.ts';
import { useT } from '../i18n/useT.ts';
import type { RunStatus } from '../types.ts';
import { statusLabel } from './run-kinds.ts';

export function StatusChip({ status }: { status: RunStatus }) {
  const t = useT();
  const { color, bgcolor } = RUN_STATUS_STYLES[status];
  return <Chip size="small" label={statusLabel(t, status)} sx={{ bgcolor, color, fontWeight: 600 }} />;
}

import { RUN_STATUS_STYLES, RUN_TYPE_LABELS } from '../dashboard/runLabels.ts';
import type { ChecklistType } from '../resource-records.ts';
import type { RunStatus, RunType } from '../types.ts';

export const RUN_KINDS: RunType[] = ['turnover', 'move_in', 'move_out'];

const typeLabels: Record<ChecklistType, string> = {
  ...RUN_TYPE_LABELS,
  arrival: 'Arrival',
  departure: 'Departure',
  cleaning: 'Cleaning',
  safety: 'Safety',
};

export const typeLabel = (type: ChecklistType): string => typeLabels[type] ?? type;

export const isRunKind = (value: string | null): value is RunType =>
  value !== null && (RUN_KINDS as string[]).includes(value);

/** The run page's label (the status with its underscore replaced by a space), capitalised. */
export const statusLabel = (status: RunStatus): string => {
  const text = RUN_STATUS_STYLES[status].label;
  return text.charAt(0).toUpperCase() + text.slice(1);
};

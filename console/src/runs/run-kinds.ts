import type { ChecklistType, InspectionStatus, RunKind } from '../resource-records.ts';

export const RUN_KINDS: RunKind[] = ['turnover', 'move_in', 'move_out'];

const typeLabels: Record<ChecklistType, string> = {
  turnover: 'Turnover',
  move_in: 'Move-In',
  move_out: 'Move-Out',
  arrival: 'Arrival',
  departure: 'Departure',
  cleaning: 'Cleaning',
  safety: 'Safety',
};

export const typeLabel = (type: ChecklistType): string => typeLabels[type] ?? type;

export const isRunKind = (value: string | null): value is RunKind =>
  value !== null && (RUN_KINDS as string[]).includes(value);

/** The run page's label: the status with its underscore replaced by a space. */
export const statusLabel = (status: InspectionStatus): string => {
  const text = status.replace('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The spec's activity colours: completed green, in progress orange, pending blue (AA contrast on white). */
export const statusColors: Record<InspectionStatus, { bg: string; fg: string }> = {
  completed: { bg: '#dcfce7', fg: '#166534' },
  in_progress: { bg: '#ffedd5', fg: '#9a3412' },
  pending: { bg: '#dbeafe', fg: '#1e40af' },
};

import { RUN_STATUS_STYLES, RUN_TYPE_LABELS } from '../dashboard/runLabels.ts';
import type { MessageKey } from '../i18n/keys.ts';
import type { T } from '../i18n/useT.ts';
import type { ChecklistType } from '../resource-records.ts';
import type { RunStatus, RunType } from '../types.ts';

export const RUN_KINDS: RunType[] = ['turnover', 'move_in', 'move_out'];

const typeLabels: Record<ChecklistType, MessageKey> = {
  ...RUN_TYPE_LABELS,
  arrival: 'runLabels.arrival',
  departure: 'runLabels.departure',
  cleaning: 'runLabels.cleaning',
  safety: 'runLabels.safety',
};

export const typeLabel = (t: T, type: ChecklistType): string => (typeLabels[type] ? t(typeLabels[type]) : type);

export const isRunKind = (value: string | null): value is RunType =>
  value !== null && (RUN_KINDS as string[]).includes(value);

/** The run page's label (the status with its underscore replaced by a space), capitalised. */
export const statusLabel = (t: T, status: RunStatus): string => {
  const text = t(RUN_STATUS_STYLES[status].label);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

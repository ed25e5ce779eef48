import type { MessageKey } from '../i18n/keys.ts';
import type { RunStatus, RunType } from '../types.ts';

export const RUN_TYPE_LABELS: Record<RunType, MessageKey> = {
  turnover: 'runLabels.turnover',
  move_in: 'runLabels.move_in',
  move_out: 'runLabels.move_out',
};

/** The spec's activity colours (completed green, in progress orange, pending blue), dark text for contrast. */
export const RUN_STATUS_STYLES: Record<RunStatus, { label: MessageKey; color: string; bgcolor: string }> = {
  completed: { label: 'runLabels.completed', color: '#166534', bgcolor: '#dcfce7' },
  in_progress: { label: 'runLabels.in_progress', color: '#9a3412', bgcolor: '#ffedd5' },
  pending: { label: 'runLabels.pending', color: '#1e40af', bgcolor: '#dbeafe' },
  canceled: { label: 'runLabels.canceled', color: '#374151', bgcolor: '#e5e7eb' },
  revision_requested: { label: 'runLabels.revision_requested', color: '#6b21a8', bgcolor: '#f3e8ff' },
};

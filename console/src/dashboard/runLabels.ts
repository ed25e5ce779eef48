import type { RunStatus, RunType } from '../types.ts';

export const RUN_TYPE_LABELS: Record<RunType, string> = {
  turnover: 'Turnover',
  move_in: 'Move-In',
  move_out: 'Move-Out',
};

/** The spec's activity colours (completed green, in progress orange, pending blue), dark text for contrast. */
export const RUN_STATUS_STYLES: Record<RunStatus, { label: string; color: string; bgcolor: string }> = {
  completed: { label: 'completed', color: '#166534', bgcolor: '#dcfce7' },
  in_progress: { label: 'in progress', color: '#9a3412', bgcolor: '#ffedd5' },
  pending: { label: 'pending', color: '#1e40af', bgcolor: '#dbeafe' },
  canceled: { label: 'canceled', color: '#374151', bgcolor: '#e5e7eb' },
  revision_requested: { label: 'revision requested', color: '#6b21a8', bgcolor: '#f3e8ff' },
};

import { statusLabel } from '../run-model.ts';

/** The run status, underscore shown as a space. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status.replace(/[^a-z_]/gi, '')}`}>{statusLabel(status)}</span>;
}

import { useMessages } from '../i18n/locale.ts';
import { statusLabel } from '../run-model.ts';

/** The run status, underscore shown as a space. */
export function StatusBadge({ status }: { status: string }) {
  const t = useMessages();
  return (
    <span className={`badge status-${status.replace(/[^a-z_]/gi, '')}`}>{t.status[status] ?? statusLabel(status)}</span>
  );
}

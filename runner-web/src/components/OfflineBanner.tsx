import { useMessages } from '../i18n/locale.ts';
import type { SyncView } from '../runner/use-runner.ts';

/** No signal: the work goes on here, and what waits on this phone to upload. */
export function OfflineBanner({ sync }: { sync: SyncView }) {
  const t = useMessages();
  return (
    <div className="offline-banner" role="status">
      <p>{t.offlineBanner}</p>
      {sync.queued > 0 && (
        <p className="offline-pending">
          <span className="badge badge-queued">{t.queued(sync.queued)}</span> {t.pendingWork(sync.pending)}
        </p>
      )}
    </div>
  );
}

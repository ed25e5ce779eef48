import { describeError } from '../i18n/describe-error.ts';
import { useMessages } from '../i18n/locale.ts';
import type { SyncView } from '../runner/use-runner.ts';
import { syncPercent } from '../run-model.ts';

/** Connectivity and sync: Connected or Offline, '{n} queued' (online), progress, 'All synced', Sync Now and Retry. */
export function SyncPanel({ online, sync, onSync }: { online: boolean; sync: SyncView; onSync: () => void }) {
  const t = useMessages();
  const progress = sync.progress;
  const percent = progress ? syncPercent(progress.done, progress.total) : 0;
  return (
    <section className="card sync-panel" aria-labelledby="sync-title">
      <div className="sync-row">
        <h2 id="sync-title" className="visually-hidden">
          {t.syncHeading}
        </h2>
        <span className={`connection ${online ? 'connection-on' : 'connection-off'}`}>
          <span className="dot" aria-hidden="true" />
          {online ? t.connected : t.offline}
        </span>
        {/* Offline, the banner above the tasks shows the queue. */}
        {online && sync.queued > 0 && <span className="badge badge-queued">{t.queued(sync.queued)}</span>}
      </div>
      <div role="status" aria-live="polite">
        {sync.running && progress ? (
          <div className="sync-progress">
            <span>{t.syncing(progress.done, progress.total)}</span>
            <progress value={percent} max={100} aria-label={t.syncProgressLabel} />
            <span>{percent}%</span>
          </div>
        ) : sync.error ? null : sync.queued === 0 ? (
          <span className="synced">{t.allSynced}</span>
        ) : null}
      </div>
      {sync.error && !sync.running && (
        <div className="sync-error" role="alert">
          <span>{t.syncFailed(describeError(t, sync.error.cause))}</span>
          <button
            type="button"
            className="button button-secondary"
            disabled={!online}
            onClick={onSync}
            data-toast-clear
          >
            {t.retry}
          </button>
        </div>
      )}
      {!sync.error && (
        <button
          type="button"
          className="button button-secondary"
          disabled={!online || sync.running || sync.queued === 0}
          onClick={onSync}
        >
          {t.syncNow}
        </button>
      )}
    </section>
  );
}

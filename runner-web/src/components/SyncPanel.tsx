import type { SyncView } from '../runner/use-runner.ts';
import { syncProgressLabel } from '../run-model.ts';

/** Connectivity and sync: Connected or Offline, '{n} queued', progress, 'All synced', Sync Now and Retry. */
export function SyncPanel({ online, sync, onSync }: { online: boolean; sync: SyncView; onSync: () => void }) {
  const progress = sync.progress ? syncProgressLabel(sync.progress.done, sync.progress.total) : null;
  return (
    <section className="card sync-panel" aria-labelledby="sync-title">
      <div className="sync-row">
        <h2 id="sync-title" className="visually-hidden">
          Sync
        </h2>
        <span className={`connection ${online ? 'connection-on' : 'connection-off'}`}>
          <span className="dot" aria-hidden="true" />
          {online ? 'Connected' : 'Offline'}
        </span>
        {sync.queued > 0 && <span className="badge badge-queued">{sync.queued} queued</span>}
      </div>
      <div role="status" aria-live="polite">
        {sync.running && progress ? (
          <div className="sync-progress">
            <span>{progress.text}</span>
            <progress value={progress.percent} max={100} aria-label="Sync progress" />
            <span>{progress.percent}%</span>
          </div>
        ) : sync.error ? null : sync.queued === 0 ? (
          <span className="synced">All synced</span>
        ) : null}
      </div>
      {sync.error && !sync.running && (
        <div className="sync-error" role="alert">
          <span>{sync.error}</span>
          <button type="button" className="button button-secondary" disabled={!online} onClick={onSync}>
            Retry
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
          Sync Now
        </button>
      )}
    </section>
  );
}

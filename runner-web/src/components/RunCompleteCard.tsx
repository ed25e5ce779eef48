import { useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';
import type { SyncView } from '../runner/use-runner.ts';

/**
 * The run is completed (or done): what the cleaner sent, and what still waits on this phone to upload
 * (while it is being sent, the sync's progress instead: it is not waiting).
 */
export function RunCompleteCard({ run, sync }: { run: PublicRun; sync: SyncView }) {
  const t = useMessages();
  const { pending, progress } = sync;
  const tasks = run.tasks.filter((task) => task.checked).length;
  const photos = run.tasks.reduce((sum, task) => sum + task.media_count, 0);
  const waiting = pending.tasks + pending.photos + pending.issues > 0 || pending.completion;
  return (
    <section className="card card-success" aria-labelledby="run-complete-title">
      <span className="success-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="run-complete-title">{t.runComplete}</h2>
      <p className="muted">{t.runCompleteText}</p>
      <h3 className="sent-title">{t.sentSummaryTitle}</h3>
      <p className="sent-summary">{t.sentSummary(tasks, photos, run.issue_count)}</p>
      {waiting && (
        <p className="hint">{progress ? t.syncing(progress.done, progress.total) : t.pendingWork(pending)}</p>
      )}
    </section>
  );
}

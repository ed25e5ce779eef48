import { useMessages } from '../i18n/locale.ts';
import type { PendingCounts } from '../i18n/messages.ts';
import type { PublicRun } from '../run-model.ts';

/** The run is completed (or done): what the cleaner sent, and what still waits on this phone to upload. */
export function RunCompleteCard({ run, pending }: { run: PublicRun; pending: PendingCounts }) {
  const t = useMessages();
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
      {waiting && <p className="hint">{t.pendingWork(pending)}</p>}
    </section>
  );
}

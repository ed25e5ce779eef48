import { useMessages } from '../i18n/locale.ts';
import { NextJobNotice } from './NextJobNotice.tsx';
import type { PublicRun } from '../run-model.ts';
import type { SyncView } from '../runner/use-runner.ts';

/**
 * The run is completed (or done): what the cleaner sent, and what still waits on this phone to upload:
 * said only while it does wait (offline, or the last send failed); online it is being sent, so the
 * sync's progress shows instead.
 */
export function RunCompleteCard({ run, sync, online }: { run: PublicRun; sync: SyncView; online: boolean }) {
  const t = useMessages();
  const { pending, progress } = sync;
  const sending = online && !sync.error;
  const tasks = run.tasks.filter((task) => task.checked).length;
  const photos = run.tasks.reduce((sum, task) => sum + task.media_count, 0);
  const waiting =
    pending.tasks + pending.photos + pending.issues + (pending.pauses ?? 0) + (pending.guestReports ?? 0) > 0 ||
    pending.completion;
  return (
    <section className="card card-success" aria-labelledby="run-complete-title">
      <span className="success-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="run-complete-title">{t.runComplete}</h2>
      <p className="muted">{t.runCompleteText}</p>
      <h3 className="sent-title">{t.sentSummaryTitle}</h3>
      <p className="sent-summary">{t.sentSummary(tasks, photos, run.issue_count)}</p>
      {waiting && !sending && <p className="hint">{t.pendingWork(pending)}</p>}
      {waiting && sending && progress && <p className="hint">{t.syncing(progress.done, progress.total)}</p>}
      <NextJobNotice />
    </section>
  );
}

import { AccessCard } from '../components/AccessCard.tsx';
import { CachedCopyNotice } from '../components/CachedCopyNotice.tsx';
import { FixedNotice } from '../components/FixedNotice.tsx';
import { InspectionBanner } from '../components/InspectionBanner.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { RevisionNotice } from '../components/RevisionNotice.tsx';
import { RunSummary } from '../components/RunSummary.tsx';
import { SyncPanel } from '../components/SyncPanel.tsx';
import type { RunSource } from '../load-run.ts';
import type { PublicRun } from '../run-model.ts';
import { useRunner } from '../runner/use-runner.ts';
import type { Toasts } from '../use-toasts.ts';
import { TasksScreen } from './TasksScreen.tsx';

interface RunScreenProps {
  token: string;
  run: PublicRun;
  source: RunSource;
  online: boolean;
  toasts: Pick<Toasts, 'show' | 'dismiss'>;
}

/**
 * A loaded run. Offline adds a banner saying what waits to upload above the tasks, and the sync panel
 * below them; the tasks themselves show as online, so the cleaner keeps their place.
 */
export function RunScreen({ token, run, source, online, toasts }: RunScreenProps) {
  const runner = useRunner(token, { run, source }, toasts);
  // Online, the panel only appears when something is stuck, so routine syncs do not shift the page.
  const stuck = runner.sync.error !== null || (runner.sync.queued > 0 && !runner.sync.running);
  return (
    <div className="stack">
      {runner.source.fromCache && (
        <CachedCopyNotice savedAt={runner.source.fetchedAt} timeZone={runner.run.property?.timezone} />
      )}
      <InspectionBanner run={runner.run} />
      <RunSummary run={runner.run} />
      <AccessCard run={runner.run} />
      <FixedNotice run={runner.run} />
      <RevisionNotice run={runner.run} />
      {!online && <OfflineBanner sync={runner.sync} />}
      <TasksScreen runner={runner} online={online} />
      {(!online || stuck) && <SyncPanel online={online} sync={runner.sync} onSync={runner.syncNow} />}
    </div>
  );
}

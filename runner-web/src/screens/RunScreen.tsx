import { CachedCopyNotice } from '../components/CachedCopyNotice.tsx';
import { InspectionBanner } from '../components/InspectionBanner.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { RevisionNotice } from '../components/RevisionNotice.tsx';
import { RunSummary } from '../components/RunSummary.tsx';
import { SyncPanel } from '../components/SyncPanel.tsx';
import type { RunSource } from '../load-run.ts';
import type { PublicRun } from '../run-model.ts';
import { useRunner } from '../runner/use-runner.ts';
import type { ShowToast } from '../use-toasts.ts';
import { OfflineRunScreen } from './OfflineRunScreen.tsx';
import { OnlineRunScreen } from './OnlineRunScreen.tsx';

interface RunScreenProps {
  token: string;
  run: PublicRun;
  source: RunSource;
  online: boolean;
  toast: ShowToast;
}

/** A loaded run: the online view when online, the offline view when not; both write through the queue. */
export function RunScreen({ token, run, source, online, toast }: RunScreenProps) {
  const runner = useRunner(token, { run, source }, toast);
  const panel = <SyncPanel online={online} sync={runner.sync} onSync={runner.syncNow} />;
  // Online, the panel only appears (below the work) when something is stuck, so routine syncs do not shift the page.
  const stuck = runner.sync.error !== null || (runner.sync.queued > 0 && !runner.sync.running);
  return (
    <div className="stack">
      {runner.source.fromCache && <CachedCopyNotice savedAt={runner.source.fetchedAt} />}
      <InspectionBanner run={runner.run} />
      <RunSummary run={runner.run} />
      <RevisionNotice run={runner.run} />
      {online ? (
        <>
          <OnlineRunScreen runner={runner} />
          {stuck && panel}
        </>
      ) : (
        <>
          <OfflineBanner />
          {panel}
          <OfflineRunScreen runner={runner} />
        </>
      )}
    </div>
  );
}

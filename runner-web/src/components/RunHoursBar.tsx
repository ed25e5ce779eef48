import { formatTime } from '@turnproof/config/time-format';
import { lazy, Suspense, useState } from 'react';
import { useLocale, useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';
import type { GuestReport } from '../runner/use-runner.ts';

// Rarely needed: loaded (from the precache when offline) when the cleaner opens it.
const GuestPresentDialog = lazy(() =>
  import('./GuestPresentDialog.tsx').then((m) => ({ default: m.GuestPresentDialog })),
);

interface RunHoursBarProps {
  run: PublicRun;
  busy: boolean;
  onPause: (kind: 'pause' | 'resume') => void;
  onGuestPresent: (report: GuestReport) => Promise<boolean>;
}

/**
 * Pause or Resume the run, and "Guest still here". While paused the runner says so (the task timer
 * stands still and the task is out of reach until Resume).
 */
export function RunHoursBar({ run, busy, onPause, onGuestPresent }: RunHoursBarProps) {
  const t = useMessages();
  const locale = useLocale();
  const [guestOpen, setGuestOpen] = useState(false);
  const paused = run.paused_since !== null;
  return (
    <section className="run-hours" aria-label={t.pausedTitle}>
      {paused && (
        <p className="notice-strip paused-strip" role="status">
          <strong>{t.pausedTitle}</strong>
          <span>{t.pausedText(formatTime(run.paused_since!, run.property?.timezone, locale))}</span>
        </p>
      )}
      {run.guest_present_count > 0 && <p className="hint">{t.guestReportedCount(run.guest_present_count)}</p>}
      <div className="button-row">
        <button
          type="button"
          className={`button ${paused ? 'button-primary' : 'button-secondary'}`}
          disabled={busy}
          onClick={() => onPause(paused ? 'resume' : 'pause')}
        >
          {paused ? t.resume : t.pause}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => setGuestOpen(true)}>
          {t.guestStillHere}
        </button>
      </div>
      {guestOpen && (
        <Suspense fallback={null}>
          <GuestPresentDialog
            onClose={() => setGuestOpen(false)}
            onSubmit={async (report) => {
              if (await onGuestPresent(report)) setGuestOpen(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

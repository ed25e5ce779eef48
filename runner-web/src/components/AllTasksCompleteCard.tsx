import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/locale.ts';

/**
 * Every task is checked and the run is still open: the one step left. It takes the focus when it
 * appears (after the last task, or on opening the link), so the cleaner is taken to it and hears it.
 */
export function AllTasksCompleteCard({ busy, onComplete }: { busy: boolean; onComplete: () => void }) {
  const t = useMessages();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="card card-success" aria-labelledby="all-done-title">
      <h2 id="all-done-title" ref={heading} tabIndex={-1}>
        {t.allTasksComplete}
      </h2>
      <p className="nudge">{t.allTasksCompleteText}</p>
      <button type="button" className="button button-primary" disabled={busy} onClick={onComplete}>
        {t.markRunComplete}
      </button>
    </section>
  );
}

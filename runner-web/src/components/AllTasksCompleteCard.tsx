import { useMessages } from '../i18n/locale.ts';

/** Every task is checked and the run is still open. */
export function AllTasksCompleteCard({ busy, onComplete }: { busy: boolean; onComplete: () => void }) {
  const t = useMessages();
  return (
    <section className="card card-success" aria-labelledby="all-done-title">
      <h2 id="all-done-title">{t.allTasksComplete}</h2>
      <p className="muted">{t.allTasksCompleteText}</p>
      <button type="button" className="button button-primary" disabled={busy} onClick={onComplete}>
        {t.markRunComplete}
      </button>
    </section>
  );
}

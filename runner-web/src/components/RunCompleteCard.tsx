import { useMessages } from '../i18n/locale.ts';

/** The run is completed (or done). */
export function RunCompleteCard() {
  const t = useMessages();
  return (
    <section className="card card-success" aria-labelledby="run-complete-title">
      <span className="success-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="run-complete-title">{t.runComplete}</h2>
      <p className="muted">{t.runCompleteText}</p>
    </section>
  );
}

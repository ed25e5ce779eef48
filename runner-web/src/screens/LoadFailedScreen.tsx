import { useMessages } from '../i18n/locale.ts';

/** 'Failed to load run data', with nothing cached on this device to show instead. */
export function LoadFailedScreen({ onRetry }: { onRetry: () => void }) {
  const t = useMessages();
  return (
    <section className="card notice" role="alert" aria-labelledby="load-failed-title">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <h1 id="load-failed-title">{t.errorTitle}</h1>
      <p>{t.loadFailed}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t.tryAgain}
      </button>
    </section>
  );
}

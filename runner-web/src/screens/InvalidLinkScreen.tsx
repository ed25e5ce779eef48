import { useMessages } from '../i18n/locale.ts';

/** Unknown, revoked or expired token: only the host can help, with a new link. */
export function InvalidLinkScreen() {
  const t = useMessages();
  return (
    <section className="card notice" role="alert" aria-labelledby="invalid-link-title">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <h1 id="invalid-link-title">{t.invalidLinkTitle}</h1>
      <p>{t.invalidLinkText}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.assign('/')}>
        {t.goHome}
      </button>
    </section>
  );
}

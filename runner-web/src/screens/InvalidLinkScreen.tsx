/** Unknown, revoked or expired token: only the host can help, with a new link. */
export function InvalidLinkScreen() {
  return (
    <section className="card notice" role="alert" aria-labelledby="invalid-link-title">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <h1 id="invalid-link-title">Invalid Magic Link</h1>
      <p>This link is invalid, expired, or revoked. Please ask the host for a new link.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.assign('/')}>
        Go Home
      </button>
    </section>
  );
}

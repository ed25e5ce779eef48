export function LoadFailedScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="card notice" role="alert" aria-labelledby="load-failed-title">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <h1 id="load-failed-title">Error</h1>
      <p>{message}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

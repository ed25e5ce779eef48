/** The run is completed (or done). */
export function RunCompleteCard() {
  return (
    <section className="card card-success" aria-labelledby="run-complete-title">
      <span className="success-icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="run-complete-title">Run Complete</h2>
      <p className="muted">Thank you! The host has been notified.</p>
    </section>
  );
}

/** Every task is checked and the run is still open. */
export function AllTasksCompleteCard({ busy, onComplete }: { busy: boolean; onComplete: () => void }) {
  return (
    <section className="card card-success" aria-labelledby="all-done-title">
      <h2 id="all-done-title">All Tasks Complete</h2>
      <p className="muted">Every task is checked. Mark the run as complete to let the host know.</p>
      <button type="button" className="button button-primary" disabled={busy} onClick={onComplete}>
        Mark Run as Complete
      </button>
    </section>
  );
}

import type { RunSummary } from '../load-run.ts';

/** A placeholder until the task screens land: what the run is and how far it is. */
export function RunOverviewScreen({ run }: { run: RunSummary }) {
  return (
    <section className="card" aria-labelledby="run-title">
      <h1 id="run-title">Checklist</h1>
      <dl className="facts">
        {run.status && (
          <div>
            <dt>Status</dt>
            <dd>{run.status.replace(/_/g, ' ')}</dd>
          </div>
        )}
        {run.taskCount !== null && (
          <div>
            <dt>Tasks</dt>
            <dd>{run.taskCount}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

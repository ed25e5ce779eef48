import { useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** Checklist name, property, status and how many tasks are done. */
export function RunSummary({ run }: { run: PublicRun }) {
  const t = useMessages();
  const done = run.tasks.filter((task) => task.checked).length;
  const total = run.tasks.length;
  return (
    <section className="run-summary" aria-labelledby="run-title">
      <div className="run-summary-top">
        <h1 id="run-title">{run.checklist_name ?? t.checklistFallback}</h1>
        <StatusBadge status={run.status} />
      </div>
      {run.property?.name && (
        <p className="muted">
          {run.property.name}
          {run.property.address && ` · ${run.property.address}`}
        </p>
      )}
      <div className="progress-row">
        <progress value={done} max={Math.max(total, 1)} aria-label={t.tasksDoneLabel} />
        <span className="muted">{t.tasksDone(done, total)}</span>
      </div>
    </section>
  );
}

import { useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';

/** While the host has sent tasks back: what to redo and the host's note. Renders the same on the server. */
export function RevisionNotice({ run }: { run: PublicRun }) {
  const t = useMessages();
  if (!run.revision) return null;
  const reopened = run.tasks.filter((task) => task.reopened).length;
  return (
    <section className="card card-revision" role="status" aria-labelledby="revision-title">
      <h2 id="revision-title">{t.revisionTitle}</h2>
      <p>{t.revisionText(reopened)}</p>
      {run.revision.note && (
        <p className="task-comment">
          <strong>{t.hostNote}:</strong> {run.revision.note}
        </p>
      )}
    </section>
  );
}

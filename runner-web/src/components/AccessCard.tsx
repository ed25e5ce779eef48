import { useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';

/**
 * How the cleaner gets in: the property's access code and the host's notes (parking, where the linens
 * are). Open until the first task is ticked, then folded so the current task stays near the top; the
 * summary reopens it. Only a live link reaches the run, so only its holder sees these.
 */
export function AccessCard({ run }: { run: PublicRun }) {
  const t = useMessages();
  // Decided once, when the page opens: the card does not fold under the cleaner as they tick.
  const [openAtFirst] = useState(() => !run.tasks.some((task) => task.checked));
  const code = run.property?.access_code;
  const notes = run.property?.notes;
  if (!code && !notes) return null;
  return (
    <details className="card access-card" open={openAtFirst}>
      <summary>{t.accessTitle}</summary>
      <dl>
        {code && (
          <>
            <dt>{t.accessCode}</dt>
            <dd className="access-code">{code}</dd>
          </>
        )}
        {notes && (
          <>
            <dt>{t.propertyNotes}</dt>
            <dd className="access-notes">{notes}</dd>
          </>
        )}
      </dl>
    </details>
  );
}

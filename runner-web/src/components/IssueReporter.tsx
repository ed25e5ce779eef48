import { lazy, Suspense, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';
import type { IssueReport } from '../runner/use-runner.ts';

// Not needed for the first task: loaded (from the precache when offline) when the cleaner opens it.
const IssueDialog = lazy(() => import('./IssueDialog.tsx').then((m) => ({ default: m.IssueDialog })));

interface IssueReporterProps {
  task: PublicTask;
  disabled: boolean;
  onReport: (report: IssueReport) => Promise<boolean>;
}

/** 'Report an issue' on a task, and its dialog. */
export function IssueReporter({ task, disabled, onReport }: IssueReporterProps) {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" disabled={disabled} onClick={() => setOpen(true)}>
        {t.reportIssue}
      </button>
      {open && (
        <Suspense fallback={null}>
          <IssueDialog
            taskTitle={task.task.title}
            onClose={() => setOpen(false)}
            onSubmit={async (report) => {
              if (await onReport(report)) setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

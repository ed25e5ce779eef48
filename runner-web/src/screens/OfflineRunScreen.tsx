import { AllTasksCompleteCard } from '../components/AllTasksCompleteCard.tsx';
import { OfflineTaskItem } from '../components/OfflineTaskItem.tsx';
import { RunCompleteCard } from '../components/RunCompleteCard.tsx';
import { UploadList } from '../components/UploadList.tsx';
import { useMessages } from '../i18n/locale.ts';
import { allTasksChecked, currentTaskId, isRunDone } from '../run-model.ts';
import type { Runner } from '../runner/use-runner.ts';
import { useTaskTimer } from '../use-task-timer.ts';

/** Offline: every task with a toggle, a photo picker and a comment; everything is queued on the device. */
export function OfflineRunScreen({ runner }: { runner: Runner }) {
  const t = useMessages();
  const { run, busy } = runner;
  const elapsed = useTaskTimer(currentTaskId(run.tasks));
  const done = isRunDone(run.status);
  return (
    <>
      {done && <RunCompleteCard />}
      {!done && allTasksChecked(run.tasks) && (
        <AllTasksCompleteCard busy={busy} onComplete={() => void runner.completeRun()} />
      )}
      <section className="card" aria-labelledby="offline-tasks-title">
        <h2 id="offline-tasks-title">{t.tasks}</h2>
        <ol className="offline-list">
          {run.tasks.map((task, index) => (
            <OfflineTaskItem
              key={task.id}
              task={task}
              number={index + 1}
              busy={busy || done}
              uploads={
                <UploadList
                  items={runner.uploads[task.id] ?? []}
                  online={false}
                  onRemove={(id) => void runner.removeFile(id)}
                  onRetry={runner.syncNow}
                />
              }
              onToggle={(checked) => void runner.setChecked(task, checked, checked ? elapsed() : null)}
              onFile={(file) => void runner.addFiles(task, [file])}
              onComment={(comment) => void runner.saveComment(task, comment)}
              onReportIssue={(report) => runner.reportIssue(task, report)}
            />
          ))}
        </ol>
      </section>
    </>
  );
}

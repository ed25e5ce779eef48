import { useState } from 'react';
import { AllTasksCompleteCard } from '../components/AllTasksCompleteCard.tsx';
import { CurrentTaskCard } from '../components/CurrentTaskCard.tsx';
import { RunCompleteCard } from '../components/RunCompleteCard.tsx';
import { RunHoursBar } from '../components/RunHoursBar.tsx';
import { SuppliesCard } from '../components/SuppliesCard.tsx';
import { TaskList } from '../components/TaskList.tsx';
import { UploadList } from '../components/UploadList.tsx';
import { allTasksChecked, currentTaskId, isRunDone, nextTaskId } from '../run-model.ts';
import type { Runner } from '../runner/use-runner.ts';
import { useTaskTimer } from '../use-task-timer.ts';

/**
 * One task at a time: Pause and "Guest still here", the current task (out of reach while paused), then the
 * list; completion cards at the end. The same online and
 * offline (every write is queued on the device first), so losing the signal changes nothing on screen.
 */
export function TasksScreen({ runner, online }: { runner: Runner; online: boolean }) {
  const { run, busy } = runner;
  const [preferredId, setPreferredId] = useState<string | null>(null);
  const currentId = currentTaskId(run.tasks, preferredId);
  const paused = run.paused_since !== null;
  const elapsed = useTaskTimer(currentId, paused);
  const index = run.tasks.findIndex((task) => task.id === currentId);
  const current = run.tasks[index];
  const done = isRunDone(run.status);

  const complete = (comment: string) => {
    if (!current) return;
    setPreferredId(nextTaskId(run.tasks, current.id));
    void runner.completeTask(current, comment, elapsed());
  };

  return (
    <>
      {done && <RunCompleteCard run={run} sync={runner.sync} online={online} />}
      {!done && (
        <RunHoursBar
          run={run}
          busy={busy}
          onPause={(kind) => void runner.pauseRun(kind)}
          onGuestPresent={runner.reportGuestPresent}
        />
      )}
      {!done && !paused && current && (
        <CurrentTaskCard
          task={current}
          number={index + 1}
          timeZone={run.property?.timezone}
          busy={busy}
          uploads={
            <UploadList
              items={runner.uploads[current.id] ?? []}
              online={online}
              onRemove={(id) => void runner.removeFile(id)}
              onRetry={runner.syncNow}
            />
          }
          onFiles={(files) => void runner.addFiles(current, files)}
          onComplete={complete}
          onReportIssue={(report) => runner.reportIssue(current, report)}
        />
      )}
      {!done && allTasksChecked(run.tasks) && (
        <AllTasksCompleteCard busy={busy} onComplete={() => void runner.completeRun()} />
      )}
      {!done && (
        <SuppliesCard
          supplies={run.supplies}
          busy={busy}
          onCount={(supply, count, level) => void runner.countSupply(supply, count, level)}
        />
      )}
      <TaskList tasks={run.tasks} currentId={done ? null : currentId} />
    </>
  );
}

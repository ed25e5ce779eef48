import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';
import { TaskListItem } from './TaskListItem.tsx';

/** All Tasks, in order, the current one marked. */
export function TaskList({ tasks, currentId }: { tasks: readonly PublicTask[]; currentId: string | null }) {
  const t = useMessages();
  return (
    <section className="card" aria-labelledby="all-tasks-title">
      <h2 id="all-tasks-title">{t.allTasks}</h2>
      <ol className="task-list">
        {tasks.map((task, index) => (
          <TaskListItem key={task.id} task={task} number={index + 1} current={task.id === currentId} />
        ))}
      </ol>
    </section>
  );
}

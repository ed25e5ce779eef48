import type { PublicTask } from '../run-model.ts';
import { TaskListItem } from './TaskListItem.tsx';

/** All Tasks, in order, the current one marked. */
export function TaskList({ tasks, currentId }: { tasks: readonly PublicTask[]; currentId: string | null }) {
  return (
    <section className="card" aria-labelledby="all-tasks-title">
      <h2 id="all-tasks-title">All Tasks</h2>
      <ol className="task-list">
        {tasks.map((task, index) => (
          <TaskListItem key={task.id} task={task} number={index + 1} current={task.id === currentId} />
        ))}
      </ol>
    </section>
  );
}

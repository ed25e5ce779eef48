import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';

/** One row of All Tasks: number, title, Current badge, photo hint and comment. */
export function TaskListItem({ task, number, current }: { task: PublicTask; number: number; current: boolean }) {
  const t = useMessages();
  const required = task.task.required_media;
  return (
    <li
      className={`task-row${current ? ' task-row-current' : ''}${task.checked ? ' task-row-done' : ''}`}
      aria-current={current ? 'step' : undefined}
    >
      <span className="task-number" aria-hidden="true">
        {task.checked ? '✓' : number}
      </span>
      <div className="task-row-body">
        <p className="task-row-title">
          <span className="visually-hidden">{t.taskRowPrefix(number, task.checked)}</span>
          {task.task.title}
          {current && <span className="badge badge-current">{t.current}</span>}
        </p>
        {required > 0 && <p className="hint">{t.photoHint(required, task.media_count)}</p>}
        {task.comment && <p className="task-comment">“{task.comment}”</p>}
        {task.revision?.note && (
          <p className="task-comment">
            <strong>{t.hostNote}:</strong> {task.revision.note}
          </p>
        )}
      </div>
    </li>
  );
}

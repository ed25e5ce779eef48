import { type ReactNode, useId, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';
import type { IssueReport } from '../runner/use-runner.ts';
import { IssueReporter } from './IssueReporter.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { PhotoCounter } from './PhotoCounter.tsx';

interface OfflineTaskItemProps {
  task: PublicTask;
  number: number;
  busy: boolean;
  /** The task's photos and videos with their upload state (UploadList). */
  uploads?: ReactNode;
  onToggle: (checked: boolean) => void;
  onFile: (file: File) => void;
  onComment: (comment: string) => void;
  onReportIssue: (report: IssueReport) => Promise<boolean>;
}

/** A task in the offline list: a check toggle, one-file picker when photos are required, comment saved on blur. */
export function OfflineTaskItem({
  task,
  number,
  busy,
  uploads,
  onToggle,
  onFile,
  onComment,
  onReportIssue,
}: OfflineTaskItemProps) {
  const t = useMessages();
  const id = useId();
  const [comment, setComment] = useState(task.comment ?? '');
  // The stored comment changed (a sync, another device): the field follows it.
  const [storedComment, setStoredComment] = useState(task.comment);
  if (storedComment !== task.comment) {
    setStoredComment(task.comment);
    setComment(task.comment ?? '');
  }
  const required = task.task.required_media;
  const missing = task.media_count < required;
  return (
    <li className={`offline-task${task.checked ? ' task-row-done' : ''}`}>
      <div className="check-row">
        <input
          id={`${id}-check`}
          type="checkbox"
          className="check"
          checked={task.checked}
          disabled={busy || (!task.checked && missing)}
          onChange={(event) => onToggle(event.target.checked)}
          aria-describedby={task.task.description ? `${id}-desc` : undefined}
        />
        <label htmlFor={`${id}-check`} className="check-label">
          <span className="task-number-inline">{number}.</span> {task.task.title}
        </label>
      </div>
      {task.task.description && (
        <p id={`${id}-desc`} className="muted">
          {task.task.description}
        </p>
      )}
      {required > 0 && (
        <>
          <PhotoCounter task={task} />
          <MediaPicker label={t.addPhoto} disabled={busy} onFiles={(files) => files[0] && onFile(files[0])} />
        </>
      )}
      {uploads}
      <label htmlFor={`${id}-comment`} className="field-label">
        {t.comment}
      </label>
      <textarea
        id={`${id}-comment`}
        className="textarea"
        rows={2}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        onBlur={() => onComment(comment)}
      />
      <IssueReporter task={task} disabled={busy} onReport={onReportIssue} />
    </li>
  );
}

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';
import type { CapturedPhoto } from '../photos/photo-checks.ts';
import type { IssueReport } from '../runner/use-runner.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { IssueReporter } from './IssueReporter.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { PhotoCounter } from './PhotoCounter.tsx';
import { PhotoRetakeDialog } from './PhotoRetakeDialog.tsx';
import { ReferencePhotos } from './ReferencePhotos.tsx';
import { SentBackNotice } from './SentBackNotice.tsx';
import { usePhotoChecks } from './use-photo-checks.ts';

interface CurrentTaskCardProps {
  task: PublicTask;
  number: number;
  /** The property's time zone, for the earlier photos' times. */
  timeZone?: string | null;
  busy: boolean;
  /** The task's photos and videos with their upload state (UploadList). */
  uploads?: ReactNode;
  onFiles: (files: CapturedPhoto[]) => void;
  onComplete: (comment: string) => void;
  onReportIssue: (report: IssueReport) => Promise<boolean>;
}

/** The task being worked on: what to do, the photos it needs, notes, Complete Task, and Report an issue. */
export function CurrentTaskCard({
  task,
  number,
  timeZone,
  busy,
  uploads,
  onFiles,
  onComplete,
  onReportIssue,
}: CurrentTaskCardProps) {
  const t = useMessages();
  const [notes, setNotes] = useState(task.comment ?? '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notesId = useId();
  const required = task.task.required_media;
  const missing = task.media_count < required;
  const reference = task.reference[0]?.url ?? null;
  const checks = usePhotoChecks(reference, onFiles);
  const camera = useRef<{ open: () => void }>(null);
  const picker = useRef<HTMLInputElement>(null);
  const retake = () => {
    const source = checks.current?.source;
    checks.retake();
    if (source === 'camera') camera.current?.open();
    else picker.current?.click();
  };

  // A new current task: fresh notes, and focus moves to it so screen readers announce it.
  const shown = useRef(task.id);
  useEffect(() => {
    if (shown.current === task.id) return;
    shown.current = task.id;
    setNotes(task.comment ?? '');
    headingRef.current?.focus();
  }, [task.id, task.comment]);

  return (
    <section className="card current-task" aria-labelledby="current-task-title">
      <p className="eyebrow">
        {t.taskNumber(number)} · <span className="badge badge-current">{t.current}</span>
      </p>
      <h2 id="current-task-title" ref={headingRef} tabIndex={-1}>
        {task.task.title}
      </h2>
      {task.task.description && <p className="muted">{task.task.description}</p>}
      <SentBackNotice task={task} />
      <ReferencePhotos photos={task.reference} timeZone={timeZone} />
      {required > 0 && (
        <>
          <PhotoCounter task={task} />
          <CameraCapture
            ref={camera}
            overlayUrl={reference}
            needed={required - task.media_count}
            disabled={busy}
            onFiles={(files) => void checks.check(files, 'camera')}
          />
          {task.task.camera_only ? (
            <p className="hint">{t.cameraOnlyHint}</p>
          ) : (
            <MediaPicker
              label={t.addPhotos}
              multiple
              disabled={busy}
              inputRef={picker}
              onFiles={(files) => void checks.check(files, 'gallery')}
            />
          )}
          {checks.alignment !== null && (
            <p className="hint" role="status">
              {t.alignment(Math.round(Math.max(0, checks.alignment) * 100))}
            </p>
          )}
          {checks.current && (
            <PhotoRetakeDialog
              key={`${checks.current.file.name}:${checks.current.file.lastModified}:${checks.current.file.size}`}
              photo={checks.current}
              onRetake={retake}
              onKeep={checks.keep}
            />
          )}
        </>
      )}
      {uploads}
      <label htmlFor={notesId} className="field-label">
        {t.notes}
      </label>
      <textarea
        id={notesId}
        className="textarea"
        rows={3}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        placeholder={t.notesPlaceholder}
      />
      <button
        type="button"
        className="button button-primary"
        disabled={busy || missing}
        aria-describedby={missing ? `${notesId}-hint` : undefined}
        onClick={() => onComplete(notes)}
      >
        {t.completeTask}
      </button>
      {missing && (
        <p id={`${notesId}-hint`} className="hint">
          {t.morePhotos(required - task.media_count)}
        </p>
      )}
      <IssueReporter task={task} disabled={busy} onReport={onReportIssue} />
    </section>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { IssueSeverity } from '../offline/offline-db.ts';
import type { IssueReport } from '../runner/use-runner.ts';
import { MediaPicker } from './MediaPicker.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import { SendOrCancel } from './SendOrCancel.tsx';

const SEVERITIES: readonly IssueSeverity[] = ['low', 'medium', 'high'];

interface IssueDialogProps {
  taskTitle: string;
  onClose: () => void;
  onSubmit: (report: IssueReport) => Promise<void>;
}

/** A modal dialog: severity, a note and photos; Send report queues it like every other action. */
export function IssueDialog({ taskTitle, onClose, onSubmit }: IssueDialogProps) {
  const t = useMessages();
  const id = useId();
  const dialog = useModalDialog();
  const [severity, setSeverity] = useState<IssueSeverity>('medium');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setInvalid(true);
      return;
    }
    setSending(true);
    try {
      await onSubmit({ severity, description: description.trim(), files });
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="dialog-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{t.reportIssueTitle(taskTitle)}</h2>
        <fieldset className="severity">
          <legend className="field-label">{t.severity}</legend>
          {SEVERITIES.map((level) => (
            <label key={level} className={`severity-option severity-${level}`}>
              <input
                type="radio"
                name={`${id}-severity`}
                value={level}
                checked={severity === level}
                onChange={() => setSeverity(level)}
              />
              {t.severityLevels[level]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-note`} className="field-label">
          {t.issueNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="textarea"
          rows={3}
          value={description}
          maxLength={5000}
          required
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-note-error` : undefined}
          onChange={(event) => {
            setDescription(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <p id={`${id}-note-error`} className="field-error" role="alert">
            {t.issueNoteRequired}
          </p>
        )}
        <MediaPicker
          label={t.issuePhotos}
          multiple
          disabled={sending}
          onFiles={(added) => setFiles([...files, ...added])}
        />
        {files.length > 0 && <p className="hint">{t.issuePhotosAdded(files.length)}</p>}
        <SendOrCancel sendLabel={t.sendIssue} cancelLabel={t.cancel} sending={sending} onCancel={onClose} />
      </form>
    </dialog>
  );
}

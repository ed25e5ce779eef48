import { type FormEvent, useId, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { GuestReport } from '../runner/use-runner.ts';
import { MediaPicker } from './MediaPicker.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import { SendOrCancel } from './SendOrCancel.tsx';

interface GuestPresentDialogProps {
  onClose: () => void;
  onSubmit: (report: GuestReport) => Promise<void>;
}

/** A modal dialog: an optional note and photo; Tell the host queues it like every other action. */
export function GuestPresentDialog({ onClose, onSubmit }: GuestPresentDialogProps) {
  const t = useMessages();
  const id = useId();
  const dialog = useModalDialog();
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await onSubmit({ note, files });
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="dialog-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{t.guestDialogTitle}</h2>
        <p className="muted">{t.guestDialogText}</p>
        <label htmlFor={`${id}-note`} className="field-label">
          {t.guestNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="textarea"
          rows={3}
          value={note}
          maxLength={2000}
          onChange={(event) => setNote(event.target.value)}
        />
        <MediaPicker label={t.guestPhoto} disabled={sending} onFiles={(added) => setFiles(added.slice(0, 1))} />
        {files.length > 0 && <p className="hint">{t.guestPhotoAdded}</p>}
        <SendOrCancel sendLabel={t.guestSend} cancelLabel={t.cancel} sending={sending} onCancel={onClose} />
      </form>
    </dialog>
  );
}

import { useEffect, useId, useRef } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { CheckedPhoto } from '../photos/photo-checks.ts';
import { useModalDialog } from './use-modal-dialog.ts';

interface PhotoRetakeDialogProps {
  photo: CheckedPhoto;
  onRetake: () => void;
  /** Also on Escape: the photo is kept, nothing is lost. */
  onKeep: () => void;
}

/** "This photo looks blurry — retake?" (or too dark) with the photo, Retake and Keep. */
export function PhotoRetakeDialog({ photo, onRetake, onKeep }: PhotoRetakeDialogProps) {
  const t = useMessages();
  const id = useId();
  const dialog = useModalDialog();
  // The photo itself, so the cleaner judges it; its object URL lives as long as the dialog shows it.
  const preview = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(photo.file);
    if (preview.current) preview.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo.file]);
  // Escape closes the dialog too (a close event): whichever comes first decides, once.
  const settled = useRef(false);
  const settle = (choice: () => void) => () => {
    if (settled.current) return;
    settled.current = true;
    choice();
  };
  const title = photo.quality?.flags.includes('dark') ? t.photoDark : t.photoBlurry;

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      onClose={settle(onKeep)}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <img ref={preview} className="retake-preview" alt="" />
      <p id={`${id}-hint`} className="muted">
        {t.photoCheckHint}
      </p>
      <div className="camera-actions">
        <button type="button" className="button button-secondary" onClick={settle(onKeep)}>
          {t.keepPhoto}
        </button>
        <button type="button" className="button button-primary" onClick={settle(onRetake)}>
          {t.retake}
        </button>
      </div>
    </dialog>
  );
}

import { type ChangeEvent, type Ref, useId } from 'react';

interface MediaPickerProps {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The file input, to open the picker again (Retake). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A native file input (photos and video) behind a large, labelled button. */
export function MediaPicker({ label, multiple = false, disabled = false, onFiles, inputRef }: MediaPickerProps) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <div className={`picker${disabled ? ' picker-disabled' : ''}`}>
      <input
        id={id}
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/*,video/*"
        multiple={multiple}
        disabled={disabled}
        onChange={change}
      />
      <label htmlFor={id} className="button button-secondary">
        {label}
      </label>
    </div>
  );
}

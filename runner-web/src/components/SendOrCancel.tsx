/** A dialog form's two buttons: submit it, or close it unsent; both wait while it is being sent. */
export function SendOrCancel({
  sendLabel,
  cancelLabel,
  sending,
  onCancel,
}: {
  sendLabel: string;
  cancelLabel: string;
  sending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="button button-primary" disabled={sending}>
        {sendLabel}
      </button>
      <button type="button" className="button button-secondary" disabled={sending} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}

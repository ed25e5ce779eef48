import { useMessages } from '../i18n/locale.ts';
import type { Toast } from '../use-toasts.ts';

/** Toasts below the screen, kept in view at the bottom; errors are announced at once, the rest politely. */
export function Toaster({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss: (id: number) => void }) {
  const t = useMessages();
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast-text">
            <strong>{toast.title}</strong>
            {toast.description && <span>{toast.description}</span>}
          </div>
          <button type="button" className="toast-close" aria-label={t.dismiss} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

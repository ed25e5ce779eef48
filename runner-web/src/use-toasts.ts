import { useCallback, useEffect, useRef, useState } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Default 3 s (5 s for errors). */
  durationMs?: number;
}

export interface Toast extends ToastInput {
  id: number;
  tone: ToastTone;
}

/** Shows a toast; answers its id, for taking it down early once it no longer holds. */
export type ShowToast = (toast: ToastInput) => number;

/** The runner's toasts: one at a time, a new one replacing the one showing (it would be stale beside it). */
export interface Toasts {
  toast: Toast | null;
  show: ShowToast;
  dismiss: (id: number) => void;
}

export function useToasts(): Toasts {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dismiss = useCallback((id: number) => {
    setToast((shown) => {
      if (shown?.id !== id) return shown;
      clearTimeout(timer.current);
      return null;
    });
  }, []);

  const show = useCallback<ShowToast>(
    (input) => {
      const id = nextId.current++;
      const tone = input.tone ?? 'info';
      clearTimeout(timer.current);
      setToast({ ...input, id, tone });
      timer.current = setTimeout(() => dismiss(id), input.durationMs ?? (tone === 'error' ? 5000 : 3000));
      return id;
    },
    [dismiss],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { toast, show, dismiss };
}

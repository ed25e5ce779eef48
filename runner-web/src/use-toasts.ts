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

export type ShowToast = (toast: ToastInput) => void;

/** At most this many toasts show at once; the oldest goes first. */
const MAX_TOASTS = 3;

export function useToasts(): { toasts: Toast[]; show: ShowToast; dismiss: (id: number) => void } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (input) => {
      const id = nextId.current++;
      const tone = input.tone ?? 'info';
      setToasts((list) => [...list, { ...input, id, tone }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), input.durationMs ?? (tone === 'error' ? 5000 : 3000)),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { toasts, show, dismiss };
}

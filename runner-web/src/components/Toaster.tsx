import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMessages } from '../i18n/locale.ts';
import type { Toast } from '../use-toasts.ts';

/** What a toast must not hide: the primary buttons (Complete Task, Mark Run as Complete) and Retry. */
const KEEP_CLEAR_SELECTOR = '.button-primary, [data-toast-clear]';
/** The gap kept between the toast and the screen's bottom edge, the header, and a button (CSS: .toaster). */
const BOTTOM_GAP_PX = 16;
const GAP_PX = 8;

/** The screen bands (top, bottom) of the buttons to keep clear, as drawn now. */
function keptClear(): [number, number][] {
  return Array.from(document.querySelectorAll(KEEP_CLEAR_SELECTOR))
    .map((button) => button.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0 && box.top < window.innerHeight)
    .map((box) => [box.top - GAP_PX, box.bottom + GAP_PX]);
}

/**
 * Where the toast's top goes, in px from the top of the screen: null for its usual place at the bottom.
 * Else below the header, else just below or above a button: the first place crossing none of them.
 */
function toastTop(height: number): number | null {
  const blocked = keptClear();
  const fits = (top: number) => blocked.every(([from, to]) => top + height <= from || to <= top);
  const lowest = window.innerHeight - BOTTOM_GAP_PX - height;
  if (fits(lowest)) return null;
  const highest = (document.querySelector('.run-header')?.getBoundingClientRect().bottom ?? 0) + GAP_PX;
  const candidates = [highest, ...blocked.flatMap(([from, to]) => [to, from - height])];
  return candidates.find((top) => top >= highest && top <= lowest && fits(top)) ?? null;
}

/**
 * The one toast: at the bottom of the screen, unless a primary button (or Retry) is there; then where it
 * hides none, kept so while the page scrolls under it. Errors are announced at once, the rest politely.
 */
export function Toaster({ toast, onDismiss }: { toast: Toast | null; onDismiss: (id: number) => void }) {
  const t = useMessages();
  const element = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);

  useLayoutEffect(() => {
    if (!toast) return;
    const place = () => setTop(toastTop(element.current?.offsetHeight ?? 0));
    place();
    // Moved in the same frame as the scroll, not a frame later over the button.
    const replace = () => flushSync(place);
    window.addEventListener('scroll', replace, { passive: true });
    window.addEventListener('resize', replace);
    return () => {
      window.removeEventListener('scroll', replace);
      window.removeEventListener('resize', replace);
    };
  }, [toast]);

  return (
    <div
      className={`toaster ${top === null ? 'toaster-bottom' : ''}`}
      style={top === null ? undefined : { top }}
      aria-live="polite"
      aria-relevant="additions"
    >
      {toast && (
        <div
          key={toast.id}
          ref={element}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
        >
          <div className="toast-text">
            <strong>{toast.title}</strong>
            {toast.description && <span>{toast.description}</span>}
          </div>
          <button type="button" className="toast-close" aria-label={t.dismiss} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** The spec's swipe back: a swipe right that starts within 20 px of the left edge and travels over 100 px. */
export const SWIPE_EDGE_PX = 20;
export const SWIPE_DISTANCE_PX = 100;

/** Goes back one page on the spec's swipe, on touch screens (the phone layout turns it on). */
export function useSwipeBack(enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    let startX: number | null = null;
    const start = (event: TouchEvent) => {
      const x = event.touches[0]?.clientX;
      startX = event.touches.length === 1 && x !== undefined && x <= SWIPE_EDGE_PX ? x : null;
    };
    const end = (event: TouchEvent) => {
      const x = event.changedTouches[0]?.clientX;
      if (startX !== null && x !== undefined && x - startX > SWIPE_DISTANCE_PX) navigate(-1);
      startX = null;
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchend', end, { passive: true });
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchend', end);
    };
  }, [enabled, navigate]);
}

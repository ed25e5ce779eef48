import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders its children in a second, interruptible render right after the first one: the browser paints
 * what came first (the greeting and the figures) without waiting for the cards below them.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}

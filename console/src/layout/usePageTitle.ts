import { useEffect } from 'react';

/** Names the browser tab after the screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Turnproof`;
  }, [title]);
}

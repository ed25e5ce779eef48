import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from './navigation.ts';

const NEW_RUN_KEYS = { t: 'turnover', i: 'move_in', o: 'move_out' } as const;

/** Ctrl/Cmd+T, I, O open the New Inspection wizard for a turnover, move-in or move-out; Ctrl/Cmd+B the sidebar. */
export function useShortcuts(toggleSidebar: () => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const key = event.key.toLowerCase();
      if (key === 'b') {
        event.preventDefault();
        toggleSidebar();
      } else if (key in NEW_RUN_KEYS) {
        event.preventDefault();
        navigate(paths.newRun(NEW_RUN_KEYS[key as keyof typeof NEW_RUN_KEYS]));
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, toggleSidebar]);
}

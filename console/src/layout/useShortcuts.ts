import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router-dom';
import { paths } from './navigation.ts';

/** The run kind each New Inspection shortcut opens the wizard with, by the physical key. */
const NEW_RUN_KEYS = { KeyT: 'turnover', KeyI: 'move_in', KeyO: 'move_out' } as const;

/**
 * Ctrl/Cmd+I and O open the New Inspection wizard for a move-in or move-out; a turnover is Alt+Shift+T
 * (browsers keep Ctrl/Cmd+T for a new tab, so that one works only where the browser passes it on, as in
 * the installed app); Ctrl/Cmd+B toggles the sidebar.
 */
export function useShortcuts(toggleSidebar: () => void): void {
  const navigate = useNavigate();
  useHotkeys(
    ['mod+t', 'alt+shift+t', 'mod+i', 'mod+o'],
    (event) => {
      const kind = NEW_RUN_KEYS[event.code as keyof typeof NEW_RUN_KEYS];
      if (kind) navigate(paths.newRun(kind));
    },
    { preventDefault: true },
  );
  useHotkeys('mod+b', toggleSidebar, { preventDefault: true });
}

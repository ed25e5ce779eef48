import { useState } from 'react';

/**
 * True from the first time `open` is true on. A lazily loaded drawer, dialog or snackbar mounts (and so
 * downloads) only when first needed, then stays mounted so that its closing transition still plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

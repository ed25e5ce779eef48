import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a native modal while its component is mounted: it keeps focus inside and
 * closes on Escape.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}

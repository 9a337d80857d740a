import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a mouse press outside `root` sets it false: a popup (a menu, a dropdown) shuts
 * when the user turns to the rest of the page. `setOpen` is the popup's state setter (stable,
 * so the listener is added once per opening).
 */
export function useOutsidePress(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: false) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [root, open, setOpen]);
}

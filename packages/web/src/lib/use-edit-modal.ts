import { useCallback, useEffect, useRef, useState } from 'react';
import { EDIT_MODAL_CLOSE_DELAY_MS } from '../config/limits';

/**
 * Open/close state of a create/edit modal (a block's, a composition's): `edited` null means a
 * new item. Closing keeps the edited item for EDIT_MODAL_CLOSE_DELAY_MS so the closing modal
 * does not flash to the empty form, then clears it.
 */
export function useEditModal<T>() {
  const [isOpen, setOpen] = useState(false);
  const [edited, setEdited] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelClear, []);

  const open = useCallback((item: T | null = null) => {
    cancelClear();
    setEdited(item);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    cancelClear();
    timer.current = setTimeout(() => setEdited(null), EDIT_MODAL_CLOSE_DELAY_MS);
  }, []);

  return { isOpen, edited, open, close };
}

import { type Composition } from '@promptloom/core';
import { EDIT_MODAL_CLOSE_DELAY_MS } from '../../../config/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state of the composition modal; `composition` null means a new one. The
 * edited item is cleared EDIT_MODAL_CLOSE_DELAY_MS after closing.
 */
export function useCompositionModal() {
  const [isOpen, setOpen] = useState(false);
  const [composition, setComposition] = useState<Composition | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelClear, []);

  const open = useCallback((edited: Composition | null = null) => {
    cancelClear();
    setComposition(edited);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    cancelClear();
    timer.current = setTimeout(() => setComposition(null), EDIT_MODAL_CLOSE_DELAY_MS);
  }, []);

  return { isOpen, composition, open, close };
}

import { type Block } from '@promptloom/core';
import { EDIT_MODAL_CLOSE_DELAY_MS } from '../../../config/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state of the block modal. `block` null means "new block". Closing keeps the
 * edited block for EDIT_MODAL_CLOSE_DELAY_MS so the closing modal does not flash
 * to the empty form, then clears it.
 */
export function useBlockModal() {
  const [isOpen, setOpen] = useState(false);
  const [block, setBlock] = useState<Block | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelClear, []);

  const open = useCallback((edited: Block | null = null) => {
    cancelClear();
    setBlock(edited);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    cancelClear();
    timer.current = setTimeout(() => setBlock(null), EDIT_MODAL_CLOSE_DELAY_MS);
  }, []);

  return { isOpen, block, open, close };
}

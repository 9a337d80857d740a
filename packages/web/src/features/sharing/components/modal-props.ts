import type { Block } from '@promptloom/core';

/** What each sharing modal of a block takes: the block, whether it is open, how it closes. */
export interface SharingModalProps {
  open: boolean;
  block: Block;
  onClose: () => void;
}

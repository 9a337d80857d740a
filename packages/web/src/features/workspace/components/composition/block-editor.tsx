import type { Block } from '@promptloom/core';

/** TEMPORARY until features/blocks exports BlockModal. */
export function BlockEditor(_props: {
  editing: { block: Block | null } | null;
  onClose: () => void;
}) {
  return null;
}

import type { Block } from '@promptloom/core';

/** A subscribed block whose shared item has a newer version. */
export function hasUpdateAvailable(block: Block): boolean {
  return (
    block.subscription !== null &&
    block.sharedVersion !== null &&
    block.subscription.subscribedVersion < block.sharedVersion.version
  );
}

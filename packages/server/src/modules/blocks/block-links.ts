import type { BlockSharedVersion, BlockSubscription } from '@promptloom/core';
import type { DbOrTx } from '../../db/client';

/** What the library adds to a block answer: its subscription and the shared version it tracks. */
export interface BlockLinks {
  subscription: BlockSubscription | null;
  sharedVersion: BlockSharedVersion | null;
}

export const NO_LINKS: BlockLinks = { subscription: null, sharedVersion: null };

/**
 * The library seam: the links of the given blocks of one user, by block id. Blocks
 * missing from the map have none. The shared-items module fills this in; until then no
 * block is shared or subscribed.
 */
export async function loadBlockLinks(
  _db: DbOrTx,
  _userId: string,
  _blockIds: readonly string[],
): Promise<Map<string, BlockLinks>> {
  await Promise.resolve();
  return new Map();
}

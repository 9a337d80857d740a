import type { BlockSharedVersion, BlockSubscription } from '@promptloom/core';
import type { DbOrTx } from '../../db/client';
import { loadBlockSharing } from '../shared-items';

/** What the library adds to a block answer: its subscription and the shared version it tracks. */
export interface BlockLinks {
  subscription: BlockSubscription | null;
  sharedVersion: BlockSharedVersion | null;
}

export const NO_LINKS: BlockLinks = { subscription: null, sharedVersion: null };

/**
 * The library seam: the links of the given blocks of one user, by block id. Blocks
 * missing from the map have none. The shared-items module answers it (subscribed blocks:
 * subscription + the item's latest version; the author's source block: sharedVersion).
 */
export function loadBlockLinks(
  db: DbOrTx,
  userId: string,
  blockIds: readonly string[],
): Promise<Map<string, BlockLinks>> {
  return loadBlockSharing(db, userId, blockIds);
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUserId } from '../../features/auth';
import { BlocksPage } from '../../features/blocks';
import { allCompositionsQueryKey } from '../../features/compositions';
import { BlockShareActions } from '../../features/sharing';
import { removeBlockFromAllProjects } from '../../features/workspace';

/**
 * /settings/blocks. The route wires what a block deletion touches outside the blocks
 * feature: saved compositions (the server removed the block from them) and the working
 * composition of every project. The library's card actions
 * plug in through `renderLibraryActions`.
 */
export function Component() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const onBlockDeleted = useCallback(
    async (blockId: string) => {
      removeBlockFromAllProjects(blockId);
      await queryClient.invalidateQueries({ queryKey: allCompositionsQueryKey(userId) });
    },
    [queryClient, userId],
  );
  return (
    <BlocksPage
      onBlockDeleted={onBlockDeleted}
      renderLibraryActions={(block) => <BlockShareActions block={block} />}
    />
  );
}

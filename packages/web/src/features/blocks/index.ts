/**
 * The blocks feature's public surface (SPEC §2 Block management, Block modal).
 *
 * - Queries/mutations: `useBlocks()` etc.; keys from `blocksQueryOptions(userId)`.
 * - `BlockModal` + `useBlockModal()`: 'new block' / 'edit block' from anywhere.
 * - `BlocksPage` takes `renderLibraryActions(block)` (the library's card buttons) and
 *   `onBlockDeleted(id)` (refresh compositions, drop the block from working compositions).
 */
export {
  allBlocksQueryKey,
  blockCategoriesQueryOptions,
  blockQueryOptions,
  blocksQueryOptions,
  useBlock,
  useBlockCategories,
  useBlocks,
  useCreateBlock,
  useDeleteBlock,
  useUpdateBlock,
  type DeleteBlockOptions,
} from './api';
export { BlockModal, type BlockModalProps } from './components/block-modal/block-modal';
export { BlockCard, iconButtonClass } from './components/block-card';
export { BlocksPage, type BlocksPageProps } from './components/blocks-page';
export { useBlockModal } from './hooks/use-block-modal';
export { useDeleteBlockFlow } from './hooks/use-delete-block-flow';
export { hasUpdateAvailable } from './lib/block-status';
export { apiFieldError, zodFieldErrors, type FieldErrors } from './lib/form-errors';
export { groupBlocks, type BlockGroup } from './lib/group-blocks';
export {
  blockDisplayContent,
  blockDisplayDescription,
  blockDisplayName,
  categoryDisplayName,
  useBlockDisplay,
} from './lib/display-texts';

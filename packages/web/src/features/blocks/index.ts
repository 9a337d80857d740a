/**
 * The blocks feature's public surface: the block management page and the block modal.
 *
 * - Queries: `useBlocks()`; keys from `blocksQueryOptions(userId)`.
 * - `BlockModal` (its state from `useEditModal()` of lib): 'new block' / 'edit block' from anywhere.
 * - `BlocksPage` takes `renderLibraryActions(block)` (the library's card buttons) and
 *   `onBlockDeleted(id)` (refresh compositions, drop the block from working compositions).
 * - `BlockPicker` + `BlockPickerSearch`: pick blocks for a composition (workspace library,
 *   composition modal).
 */
export { allBlocksQueryKey, blocksQueryOptions, useBlocks } from './api';
export { BlockPicker, BlockPickerSearch } from './components/block-picker';
export { BlockModal } from './components/block-modal/block-modal';
export { BlocksPage } from './components/blocks-page';
export { hasUpdateAvailable } from './lib/block-status';
export { zodFieldErrors } from './lib/form-errors';
export { blockDisplayName } from './lib/display-texts';

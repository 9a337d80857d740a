/**
 * The community library's public surface: the library, shared item and share-token pages.
 * The sharing feature reads shared items through `useSharedItem` and refreshes them with
 * `allSharedItemsQueryKey`.
 */
export { allSharedItemsQueryKey, useSharedItem } from './api';
export { LibraryPage } from './components/library-page';
export { SharedItemPage } from './components/shared-item-page';
export { ShareTokenPage } from './components/share-token-page';

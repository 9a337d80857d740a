/**
 * The community library's public surface (SPEC §2 Library, Shared item page, Share-token page).
 * The sharing feature reads shared items through `sharedItemQueryOptions`/`useSharedItem`
 * and refreshes them with `allSharedItemsQueryKey`.
 */
export { allSharedItemsQueryKey, sharedItemQueryOptions, useSharedItem } from './api';
export { LibraryPage } from './components/library-page';
export { SharedItemPage } from './components/shared-item-page';
export { ShareTokenPage } from './components/share-token-page';
export { TagList } from './components/tag-list';

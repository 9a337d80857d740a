/** The project-files room's public surface: other rooms import it only from here. */
export { PermissionScreen } from './components/permission-screen';
export { useFileChanges } from './hooks/use-file-changes';
export { type ProjectTree, useFileTree } from './hooks/use-file-tree';
export { useDisconnect, useFolderActions } from './hooks/use-folder-actions';
export { useIgnoreSettings } from './hooks/use-ignore-settings';
export { usePruneSelection } from './hooks/use-prune-selection';
export { type TreeItemProps, useTreeNavigation } from './hooks/use-tree-navigation';
export { withContentCache } from './lib/cached-provider';
export { takeTreeFocus } from './lib/focus-after-open';
export { warmFileReads } from './lib/file-bytes';
export { readCurrentFile } from './lib/read-current-file';
export { flattenTree, treeItemPlace, type TreeRow } from './lib/tree-rows';
export { requestFolderUpload } from './lib/upload-trigger';
export {
  markAsPrompted,
  provideDiffViewer,
  provideLatestSnapshot,
  useChangesSource,
} from './stores/changes-source';
export { useConnectionStore } from './stores/connection-store';
export { useIgnoreView, useListingStore } from './stores/listing-store';
export { usePartialTree } from './stores/partial-tree';
export { useFileView } from './stores/file-view-store';

/**
 * Sharing a block: share, publish an update, preview and accept an update.
 * `BlockShareActions` is what the block management page renders in each card's
 * library-actions slot; it opens the share, publish-update and update-preview modals.
 */
export { BlockShareActions } from './components/block-share-actions';
export { UpdatePreviewModal } from './components/update-preview-modal';
export { UpdatesForYou } from './components/updates-for-you';

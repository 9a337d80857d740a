/**
 * Sharing a block (SPEC §2 Share modal, Publish-update modal, Update-preview modal).
 * `BlockShareActions` is what the block management page renders in each card's
 * library-actions slot.
 */
export { BlockShareActions } from './components/block-share-actions';
export { ShareModal } from './components/share-modal';
export { PublishUpdateModal } from './components/publish-update-modal';
export { UpdatePreviewModal } from './components/update-preview-modal';

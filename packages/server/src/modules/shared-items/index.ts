/** The shared-items module's public surface for other modules (blocks, settings) and the seed. */
export { loadBlockSharing, NOT_SHARED, type BlockSharing } from './block-sharing';
export { sharedItemsRoutes } from './routes';
export { getSystemAuthorId, SYSTEM_AUTHOR } from './system-author';

/** The shared-items module's public surface for other modules (blocks, settings) and the seed. */
export { loadBlockSharing } from './block-sharing';
export { visibleTo } from './queries';
export { sharedItemsRoutes } from './routes';

/** The composition room's public surface: other rooms import it only from here. */
export { BlockLibrary } from './components/block-library';
export { CompositionPanel } from './components/composition-panel';
export { useDefaultComposition } from './hooks/use-default-composition';

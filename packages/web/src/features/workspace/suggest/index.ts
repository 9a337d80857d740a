/**
 * The suggest room's public surface (decision 097): "Suggest files" beside the request, the
 * "Suggested files" region, the background index and the tree's marks.
 */
export { SuggestFiles } from './components/suggest-files';
export { useSuggestIndex } from './hooks/use-suggest-index';
export { useSuggestedPaths } from './stores/suggest-store';

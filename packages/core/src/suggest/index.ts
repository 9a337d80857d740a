export * from './types';
export { indexFile } from './index-file';
export { buildProjectIndex, updateProjectIndex } from './project-index';
export { prepareGraph } from './graph';
export { prepareIndex } from './postings';
export { rankFiles, DEFAULT_WEIGHTS, type SignalName, type SignalWeights } from './rank';
export { suggestSelection, editsByQuoting, type SelectionInput } from './select';
export { parseRequest, mentionsIn, type Mention, type ParsedRequest } from './request';
export { termHash, termsOf, wholeForm } from './tokenize';

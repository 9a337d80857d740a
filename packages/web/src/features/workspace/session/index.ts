/** The session room's public surface: other rooms import it only from here. */
export { addFilesBlock, compositionHasFiles } from './hooks/use-files-block';
export { useLibraryData } from './hooks/use-library-data';
export {
  readProjectModel,
  useProjectModel,
  useProjectPromptFormat,
  useProjectPromptLanguage,
} from './hooks/use-project-model';
export {
  type FolderPermission,
  hasDirectoryPicker,
  hasFolderUpload,
  isAbortError,
  pickDirectory,
  queryReadPermission,
  requestReadPermission,
} from './lib/fs-access-types';
export { modelLabel } from './lib/model-label';
export {
  emitPromptGenerated,
  type GeneratedPromptEvent,
  onPromptGenerated,
  promptModelInfo,
  type PromptModelInfo,
} from './lib/prompt-generated';
export {
  modesOf,
  projectModes,
  type ProjectModes,
  useInclusionStore,
  useProjectModes,
} from './stores/inclusion-store';
export { type CompositionItem } from './stores/prompt-state';
export {
  readFinalRequest,
  useProjectComposition,
  useProjectFinalRequestLength,
  useProjectFinalRequestIs,
  useProjectSelectedFiles,
  useSelectedCompositionId,
} from './stores/prompt-selectors';
export {
  removeBlockFromAllProjects,
  restorePromptState,
  usePromptStore,
} from './stores/prompt-store';
export {
  type AccessType,
  type SessionMode,
  STANDALONE_PROJECT_NAME,
  useSessionStore,
} from './stores/session-store';
export { useAnswerFormats } from './stores/answer-formats';
export { useStructureModes } from './stores/structure-modes';

/**
 * The workspace feature's public surface (SPEC §2 Main workspace, File selector,
 * Getting-started page; §4 Project session, Composition operations, Prompt generation).
 *
 * Seams for the history feature:
 * - `onPromptGenerated(listener)`: every generated prompt, with its snapshots.
 * - `provideLatestSnapshot(project, snapshot)`: feeds change detection (A/M badges,
 *   changes filter, add/replace changed files); `provideDiffViewer(open)` enables Diff.
 * - `readCurrentFile(path)`: the current text of a project file (the diff's new side).
 * - `restorePromptState(project, state)`: a history entry back into the workspace.
 */
import './lib/logout-cleanup';

export { WorkspacePage } from './components/workspace-page';
export { TokenProgressBar } from './components/layout/token-progress-bar';
export {
  onPromptGenerated,
  type GeneratedPromptEvent,
  type PromptModelInfo,
} from './lib/prompt-generated';
export { modelLabel } from './lib/model-label';
export { useProjectModel, readProjectModel } from './hooks/use-project-model';
export { ModelPicker } from './components/model/model-picker';
export { readCurrentFile } from './lib/read-current-file';
export { provideDiffViewer, provideLatestSnapshot } from './stores/changes-source';
export {
  removeBlockFromAllProjects,
  restorePromptState,
  usePromptStore,
  useProjectPrompt,
  type CompositionItem,
  type ProjectPromptState,
} from './stores/prompt-store';
export { STANDALONE_PROJECT_NAME, useSessionStore } from './stores/session-store';

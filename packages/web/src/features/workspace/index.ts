/**
 * The workspace feature's public surface. The workspace is split into rooms, each owning its
 * state, hooks and components (docs/decisions/059-workspace-rooms.md):
 * session → project-files → counting → composition, file-selector → generation → apply → shell.
 *
 * Seams for the history feature:
 * - `onPromptGenerated(listener)`: every generated prompt, with its snapshots.
 * - `provideLatestSnapshot(project, snapshot)`: feeds change detection (A/M badges,
 *   changes filter, add/replace changed files); `provideDiffViewer(open)` enables Diff.
 * - `readCurrentFile(path)`: the current text of a project file (the diff's new side).
 * - `restorePromptState(project, state)`: a history entry back into the workspace.
 */
export { WorkspacePage } from './shell';
export { type ApplyRecord, UndoApplyButton, useProjectApplies } from './apply';
export { provideDiffViewer, provideLatestSnapshot, readCurrentFile } from './project-files';
export {
  modelLabel,
  onPromptGenerated,
  removeBlockFromAllProjects,
  restorePromptState,
  STANDALONE_PROJECT_NAME,
  usePromptStore,
  useSessionStore,
  type GeneratedPromptEvent,
} from './session';

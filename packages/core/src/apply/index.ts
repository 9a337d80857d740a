export * from './types';
export { parseAnswer, type ParseOptions } from './parse';
export type { KnownPath } from './path-hints';
export { checkApplyPath, type CheckedPath, isDotGitSegment } from './paths';
export { touchedPaths } from './edit-route';
export { planApply } from './plan';
export { pathRefusal, planClashes, refusePlannedFiles } from './refuse';
export { fileDiff, type FileDiffSides, planToPatch } from './patch';
export { followUpRequest } from './follow-up';
export { isElisionMarker } from './elided';
export { closestRange, markedWords } from './closest-text';
export { type FolderSpelling, spellAsFolder, spellingAmong } from './folder-spelling';
export {
  diskChanges,
  type DiskChange,
  freedPaths,
  linkedGroups,
  linkedPaths,
  writeUnits,
} from './freed-paths';

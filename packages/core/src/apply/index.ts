export * from './types';
export { parseAnswer } from './parse';
export { checkApplyPath, type CheckedPath, isDotGitSegment } from './paths';
export { planApply, touchedPaths } from './plan';
export { pathRefusal, planClashes, refusePlannedFiles } from './refuse';
export { fileDiff, type FileDiffSides, planToPatch } from './patch';
export { followUpRequest } from './follow-up';
export { isElisionMarker } from './elided';
export { closestRange, markedWords } from './closest-text';

import {
  modeCosts as assembleModeCosts,
  type FileInclusionMode,
  type ModeTokens,
  type PromptItem,
} from '@promptloom/core';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';

const FILES_ONLY: PromptItem[] = [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }];

/** Tokens of each file's section when every one of `paths` is written in `mode`. */
async function costsIn(
  sources: PromptSources,
  paths: readonly string[],
  mode: FileInclusionMode,
): Promise<Map<string, number>> {
  const input = {
    ...buildPromptInput({ ...sources, selectedFiles: paths, finalRequest: '' }),
    items: FILES_ONLY,
    fileModes: new Map(paths.map((path) => [path, mode])),
  };
  const counted = await countPromptSegments(input, sources.tree?.index.stats, () => false);
  const costs = new Map<string, number>();
  counted?.segments.forEach((segment, i) => {
    if (segment.kind === 'file' && segment.path) costs.set(segment.path, counted.counts[i] ?? 0);
  });
  return costs;
}

/**
 * What each of `paths` costs in each inclusion mode (core's modeCosts), counted by the same
 * workers and renderers as the prompt (the active format).
 */
export function modeCosts(
  sources: PromptSources,
  paths: readonly string[],
): Promise<Map<string, ModeTokens>> {
  return assembleModeCosts(paths, (subset, mode) => costsIn(sources, subset, mode));
}

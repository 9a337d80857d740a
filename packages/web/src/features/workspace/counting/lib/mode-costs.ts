import {
  outlineLanguageFor,
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
 * What each of `paths` costs in each inclusion mode, counted by the same workers and
 * renderers as the prompt (the active format). `outline` is left out for files whose
 * language has no outline, or whose outline is no smaller than the file.
 */
export async function modeCosts(
  sources: PromptSources,
  paths: readonly string[],
): Promise<Map<string, ModeTokens>> {
  const outlinable = paths.filter((path) => outlineLanguageFor(path));
  const [full, outline, path] = await Promise.all([
    costsIn(sources, paths, 'full'),
    costsIn(sources, outlinable, 'outline'),
    costsIn(sources, paths, 'path'),
  ]);
  const costs = new Map<string, ModeTokens>();
  for (const file of paths) {
    const fullTokens = full.get(file) ?? 0;
    const outlineTokens = outline.get(file);
    costs.set(file, {
      full: fullTokens,
      path: path.get(file) ?? 0,
      ...(outlineTokens !== undefined && outlineTokens < fullTokens
        ? { outline: outlineTokens }
        : {}),
    });
  }
  return costs;
}

import {
  modeCosts as assembleModeCosts,
  type FileInclusionMode,
  type ModeTokens,
  type PromptItem,
  type TokenizerId,
} from '@promptloom/core';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';
import { tokenizer } from './tokenizer-client';

const FILES_ONLY: PromptItem[] = [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }];

/** Tokens of each file's section when every one of `paths` is written in `mode`. */
async function costsIn(
  sources: PromptSources,
  paths: readonly string[],
  mode: FileInclusionMode,
  tokenizerId: TokenizerId | undefined,
): Promise<Map<string, number>> {
  // In the tree's order, as Generate writes a selection: a file followed by another holds the
  // separator to it, whatever order the caller lists them in (the suggestions' rank).
  const wanted = new Set(paths);
  const order = sources.tree?.index.filePaths.filter((path) => wanted.has(path)) ?? paths;
  const input = {
    ...buildPromptInput({ ...sources, selectedFiles: order, finalRequest: '' }),
    items: FILES_ONLY,
    fileModes: new Map(paths.map((path) => [path, mode])),
  };
  const counted = await countPromptSegments(
    input,
    sources.tree?.index.stats,
    () => false,
    tokenizerId,
  );
  const costs = new Map<string, number>();
  if (!counted) return costs;
  // The files' opening (xml `<files>`, markdown `## Files`) leads the first file here, but
  // follows the part before the files in the prompt: the block's, not the file's.
  const leads = counted.segments.map((segment) =>
    segment.kind === 'file' && segment.path ? (segment.lead ?? '') : '',
  );
  const opened = leads.filter(Boolean);
  const leadCounts = opened.length ? await tokenizer.countMany(opened, tokenizerId) : [];
  let next = 0;
  counted.segments.forEach((segment, i) => {
    if (segment.kind !== 'file' || !segment.path) return;
    const lead = leads[i] ? (leadCounts[next++] ?? 0) : 0;
    costs.set(segment.path, (counted.counts[i] ?? 0) - lead);
  });
  return costs;
}

/**
 * What each of `paths` costs in each inclusion mode (core's modeCosts), counted by the same
 * workers, renderers and tokenizer as the prompt (the active format, the project's model).
 */
export function modeCosts(
  sources: PromptSources,
  paths: readonly string[],
  tokenizerId?: TokenizerId,
): Promise<Map<string, ModeTokens>> {
  return assembleModeCosts(paths, (subset, mode) => costsIn(sources, subset, mode, tokenizerId));
}

import type { TokenizerId } from '@promptloom/core';
import { countPromptSegments } from './count-segments';
import { buildPromptInput, type PromptSources } from './prompt-input';

/**
 * The exact token count of the prompt these sources generate, through the bar's own pipeline
 * (the same segments, caches and workers): what it answers is the figure the bar shows once
 * the workspace holds these sources.
 */
export async function countPrompt(
  sources: PromptSources,
  tokenizerId: TokenizerId,
): Promise<number> {
  const input = buildPromptInput(sources);
  const counted = await countPromptSegments(
    input,
    sources.tree?.index.stats,
    () => false,
    tokenizerId,
  );
  return counted?.counts.reduce((sum, n) => sum + n, 0) ?? 0;
}

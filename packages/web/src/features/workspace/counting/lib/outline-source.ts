import { outlineLanguageFor } from '@promptloom/core';

/**
 * The outline of one file for the prompt's 'outline' mode, from the page's outline worker
 * (loaded on first use); null, so the file goes in whole, when its language has none.
 */
export async function outlineForPrompt(path: string, text: string): Promise<string | null> {
  if (!outlineLanguageFor(path)) return null;
  const { browserOutliner } = await import('#web/lib/outliner.ts');
  const [outline = null] = await browserOutliner().outlineMany([{ path, text }]);
  return outline;
}

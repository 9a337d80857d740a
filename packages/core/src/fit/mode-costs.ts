import { outlineLanguageFor } from '../outline/languages';
import type { FileInclusionMode } from '../prompt/segments';
import type { ModeTokens } from './modes';

/** Tokens of each file's section when every one of `paths` is written in `mode`. */
export type CountInMode = (
  paths: readonly string[],
  mode: FileInclusionMode,
) => Promise<ReadonlyMap<string, number>>;

/**
 * What each of `paths` costs in each inclusion mode, the planner's input. The caller counts
 * (the web app in its tokenizer workers, the CLI on its worker threads, each with its own
 * format and tokenizer); this is the one assembly of those counts. `outline` is left out for
 * files whose language has no outline, or whose outline is no smaller than the file.
 */
export async function modeCosts(
  paths: readonly string[],
  countIn: CountInMode,
): Promise<Map<string, ModeTokens>> {
  const outlinable = paths.filter((path) => outlineLanguageFor(path));
  const [full, outline, path] = await Promise.all([
    countIn(paths, 'full'),
    countIn(outlinable, 'outline'),
    countIn(paths, 'path'),
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

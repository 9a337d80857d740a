// Suggested files counted exactly as `pack` writes them, and the selection that fits a budget.
import {
  CORE_SYSTEM_IGNORE_PATTERNS,
  modeCosts,
  type ModeTokens,
  type SuggestedSelection,
} from '@promptloom/core';
import {
  OutlinePool,
  ProjectPacker,
  type ListedFolder,
  type TokenizerPool,
} from '@promptloom/core/node';

/** What a budget's selection is made of: a selection for a budget, and its files part counted. */
interface Chooser {
  budget: number;
  select: (costs: Map<string, ModeTokens>, budget: number) => SuggestedSelection;
}

interface Chosen {
  selection: SuggestedSelection;
  files: Map<string, number>;
  total: number;
}

/**
 * The selection whose files part, counted exactly as `pack` writes it, fits `budget`. The
 * candidates' costs hold each file with the separator to the file after it, so a selection's
 * sum counts one separator more than its pack writes (its last file closes the block) and no
 * block opening (xml `<files>`, markdown `## Files`): the selection is made again with the
 * budget that difference leaves, and the largest exact count that fits is kept.
 */
async function selectExactly(
  budget: number,
  select: (budget: number) => SuggestedSelection,
  exact: (
    files: SuggestedSelection['files'],
  ) => Promise<{ files: Map<string, number>; total: number }>,
): Promise<Chosen> {
  let best: Chosen | null = null;
  let target = budget;
  for (let tries = 0; tries < 4; tries++) {
    const selection = select(target);
    const counted = await exact(selection.files);
    const fits = counted.total <= budget;
    if (fits && (!best || counted.total > best.total)) best = { selection, ...counted };
    const next = fits
      ? budget + Math.max(0, selection.tokens - counted.total)
      : target - (counted.total - budget);
    if (next === target || (fits && tries > 0) || next < 0) break;
    target = next;
  }
  return best ?? { selection: { files: [], tokens: 0, budget }, files: new Map(), total: 0 };
}

/**
 * Exact tokens of `paths` with the pack's format and `counter` (the model's tokenizer), as a
 * pack of those files alone writes them over the folder as `listed`: full text always,
 * outlines and paths too when `outlines` (a budget). With `chooser`, the selection it makes
 * on those costs whose files part, counted as `pack` writes it (each file's tokens, the exact
 * total with the block's opening), fits its budget.
 */
export async function costsOf(
  dir: string,
  listed: ListedFolder,
  paths: readonly string[],
  counter: TokenizerPool,
  format: string | undefined,
  outlines: boolean,
  chooser?: Chooser,
): Promise<{ costs: Map<string, ModeTokens>; chosen: Chosen | null }> {
  const wanted = new Set(paths);
  // Outlines only matter within a budget: without one, no grammar is loaded.
  const outliner = outlines ? new OutlinePool() : null;
  const packer = new ProjectPacker(dir, {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    select: (path) => wanted.has(path),
    counter,
    watch: false,
    ...(format ? { format: format as never } : {}),
    ...(outliner
      ? {
          outline: async (path: string, content: string) =>
            (await outliner.outlineMany([{ path, text: content }]))[0] ?? null,
        }
      : {}),
  });
  try {
    // Counted in the order a pack writes them, not by rank: a file followed by another holds
    // the separator between them, so each file's count is the one `pack` shows for it. Only
    // the files' sections are counted, never a whole prompt (its structure lists the folder).
    const selected = await packer.scanFiles(listed);
    const full = await packer.segmentCounts(selected, 'full');
    // What a pack writes: the files read as text (one gone or turned binary since it was
    // ranked has no section).
    const files = selected.filter((path) => full.has(path));
    let costs: Map<string, ModeTokens>;
    if (outliner) {
      // Full texts counted again are found by content (the packer's counter keeps them).
      costs = await modeCosts(files, (subset, mode) => packer.segmentCounts(subset, mode));
    } else {
      costs = new Map(paths.map((path) => [path, { full: full.get(path) ?? 0, path: 0 }]));
    }
    if (!chooser) return { costs, chosen: null };
    const chosen = await selectExactly(
      chooser.budget,
      (budget) => chooser.select(costs, budget),
      (picked) => {
        const modes = new Map(picked.map((file) => [file.path, file.mode]));
        const order = files.filter((path) => modes.has(path));
        return packer.filesPartCounts(order, modes);
      },
    );
    return { costs, chosen };
  } finally {
    await Promise.all([packer.close(), outliner?.close()]);
  }
}

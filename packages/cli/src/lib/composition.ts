import type { PromptItem } from '@promptloom/core';
import type { PromptloomApi } from './api';
import { CliError, EXIT } from './errors';

export interface ServerComposition {
  name: string;
  items: PromptItem[];
  /** The user's global ignore patterns (settings), applied like in the web app. */
  globalPatterns: string[];
}

/** A saved composition by name (exact, else case-insensitive if that is unambiguous). */
export async function loadComposition(
  api: PromptloomApi,
  name: string,
): Promise<ServerComposition> {
  const [compositions, blocks, globalPatterns] = await Promise.all([
    api.compositions(),
    api.blocks(),
    api.globalIgnorePatterns(),
  ]);
  const folded = name.toLocaleLowerCase();
  const matches = compositions.filter((c) => c.name === name);
  const found =
    matches[0] ??
    (() => {
      const loose = compositions.filter((c) => c.name.toLocaleLowerCase() === folded);
      return loose.length === 1 ? loose[0] : undefined;
    })();
  if (!found) {
    const known = compositions.map((c) => c.name).join(', ') || 'none saved';
    throw new CliError(`no composition named "${name}" (yours: ${known})`, EXIT.usage);
  }
  const byId = new Map(blocks.map((block) => [block.id, block]));
  const items = found.blocks.map((item) => {
    const block = byId.get(item.blockId);
    if (!block)
      throw new CliError(`block "${item.name}" of "${found.name}" is missing on the server`);
    return { type: block.type, content: block.content, isActive: true };
  });
  return { name: found.name, items, globalPatterns };
}

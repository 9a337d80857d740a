// The folder ranked for a request, from its suggestion index and its git history.
import { CORE_SYSTEM_IGNORE_PATTERNS, rankFiles, type RankedFile } from '@promptloom/core';
import { gitHistory, gitRecency, loadSuggestIndex, type ListedFolder } from '@promptloom/core/node';
import { readEnv } from '../lib/env';

/** The folder ranked for the request (its index from the cache folder, git recency and history). */
export async function rankFolder(dir: string, request: string, top: number): Promise<RankedFile[]> {
  return (await rankListed(dir, request, top)).ranked;
}

/** rankFolder's ranking, and the folder as its index listed it. */
export async function rankListed(
  dir: string,
  request: string,
  top: number,
): Promise<{ ranked: RankedFile[]; listed: ListedFolder }> {
  const env = readEnv();
  const [{ index, listed }, recency, history] = await Promise.all([
    loadSuggestIndex(dir, {
      corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
      ...(env.pieceCache ? { cacheDir: env.cacheDir } : {}),
    }),
    gitRecency(dir),
    gitHistory(dir),
  ]);
  return { ranked: rankFiles(request, index, { top, recency, history }), listed };
}

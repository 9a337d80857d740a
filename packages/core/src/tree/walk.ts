import { decodeText } from '../files/read';
import { type FileProvider, joinPath } from '../files/provider';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import { SCAN_CONCURRENCY } from '../limits';
import { createLimiter } from './limiter';

export interface WalkOptions extends IgnoreMatcherOptions {
  /** Directories listed at once (default SCAN_CONCURRENCY). */
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Lists every folder `scanProject` with the same rules enters, and reads every .gitignore it
 * reads, without building a tree: the folder-listing worker runs it ahead of the page's scan
 * so that no level of the walk waits for the page (decision 072). The ignore decisions are
 * core's matcher's, layer for layer as in the scan (each folder's .gitignore applied to its
 * entries before they are matched), so the same folders are entered. A folder that cannot be
 * listed, or whose .gitignore cannot be read, is not descended: the scan meets that error
 * itself.
 */
export async function walkKeptFolders(provider: FileProvider, options: WalkOptions = {}) {
  const limited = createLimiter(options.concurrency ?? SCAN_CONCURRENCY);

  const visit = async (dirPath: string, parentMatcher: IgnoreMatcher): Promise<void> => {
    if (options.signal?.aborted) return;
    let matcher = parentMatcher;
    const subdirectories: string[] = [];
    try {
      const entries = await limited(() => provider.list(dirPath));
      if (entries.some((e) => e.kind === 'file' && e.name === '.gitignore')) {
        const bytes = await limited(() => provider.readFile(joinPath(dirPath, '.gitignore')));
        matcher = matcher.withGitignore(dirPath, decodeText(bytes));
      }
      for (const entry of entries) {
        if (entry.kind !== 'directory') continue;
        const path = joinPath(dirPath, entry.name);
        if (!matcher.isIgnored(path, true)) subdirectories.push(path);
      }
    } catch {
      return;
    }
    await Promise.all(subdirectories.map((sub) => visit(sub, matcher)));
  };

  await visit('', IgnoreMatcher.create(options));
}

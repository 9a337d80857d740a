import { decodeText } from '../files/read';
import { type FileEntry, type FileProvider, joinPath } from '../files/provider';
import type { GitignoreRule } from '../ignore/gitignore-rule';
import { IgnoreMatcher, type IgnoreMatcherOptions } from '../ignore/matcher';
import { SCAN_CONCURRENCY } from '../limits';
import { createLimiter } from './limiter';
import type { FileTreeNode } from './types';

export interface ScanOptions extends IgnoreMatcherOptions {
  /**
   * A root matcher to reuse across scans of the same project (its compiled patterns and
   * per-path results are kept); when given, corePatterns and globalPatterns are ignored.
   */
  matcher?: IgnoreMatcher;
  /** Apply the project's .gitignore files at every level (default true). */
  useGitignore?: boolean;
  /** Directories listed at once (default SCAN_CONCURRENCY). */
  concurrency?: number;
  signal?: AbortSignal;
  /**
   * Called after each directory with the number of files found so far and the tree as
   * listed so far (a directory's children are set once, sorted; folders not listed yet
   * have none), so rows can show while the listing runs.
   */
  onProgress?: (filesFound: number, partialRoot: FileTreeNode) => void;
  /**
   * Awaited before each directory's listing is matched: a browser passes one that yields to
   * the page once its frame budget is spent, so the listing's own work never makes a long
   * task.
   */
  checkpoint?: () => Promise<void> | void;
}

/**
 * A path the tree leaves out: an entry an ignore rule hides (`reason()` names the rule,
 * like `git check-ignore -v`), or a folder left with no file once its hidden entries are
 * gone (`reason()` undefined: git lists files, so such a folder is not shown either).
 */
export interface HiddenEntry {
  path: string;
  isDirectory: boolean;
  /** Computed on demand (the exact rule costs a pass over every line of the lists). */
  reason: () => GitignoreRule | undefined;
}

export interface ScanResult {
  root: FileTreeNode;
  /** Every kept file node, in tree (display and prompt) order. */
  files: FileTreeNode[];
  /** Entries left out by the ignore layers (ignored directories count once). */
  ignoredCount: number;
  /** Every hidden entry whose parent was listed, in no particular order ("Show ignored"). */
  hidden: HiddenEntry[];
}

/** Directories first, then names case-insensitively; code-unit order is fast and stable. */
export function compareNodes(a: FileTreeNode, b: FileTreeNode): number {
  if (a.type !== b.type) return a.type === 'directory' ? -1 : 1;
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** `work`, or a rejection with the signal's reason as soon as it aborts. */
function settledOrAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Builds the filtered tree of a project: each directory is listed once, its .gitignore (if
 * any) read before its entries are filtered, and ignored directories are never entered.
 */
export async function scanProject(
  provider: FileProvider,
  projectName: string,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const useGitignore = options.useGitignore ?? true;
  const limit = createLimiter(options.concurrency ?? SCAN_CONCURRENCY);
  const root: FileTreeNode = {
    type: 'directory',
    name: projectName,
    path: '',
    children: [],
    size: 0,
    mtime: 0,
  };
  let filesFound = 0;
  let ignoredCount = 0;
  const hidden: HiddenEntry[] = [];
  const noReason = () => undefined;

  const visit = async (dir: FileTreeNode, parentMatcher: IgnoreMatcher): Promise<void> => {
    options.signal?.throwIfAborted();
    const entries: FileEntry[] = await limit(() => provider.list(dir.path));
    // Many listings answered together resume here in one task: yield once the frame budget
    // is spent before matching this one, not after it, so that a folder's subfolders are
    // asked as soon as it is matched (each level of the tree is a round trip on the walk's
    // critical path, and a yield on a busy main thread can wait behind other tasks).
    if (options.checkpoint) await options.checkpoint();
    let matcher = parentMatcher;
    if (useGitignore && entries.some((e) => e.kind === 'file' && e.name === '.gitignore')) {
      const path = joinPath(dir.path, '.gitignore');
      const bytes = await limit(() => provider.readFile(path));
      matcher = matcher.withGitignore(dir.path, decodeText(bytes));
    }
    const children: FileTreeNode[] = [];
    const subdirectories: FileTreeNode[] = [];
    for (const entry of entries) {
      const path = joinPath(dir.path, entry.name);
      const isDirectory = entry.kind === 'directory';
      if (matcher.isIgnored(path, isDirectory)) {
        ignoredCount++;
        const decided = matcher;
        hidden.push({ path, isDirectory, reason: () => decided.explain(path, isDirectory) });
        continue;
      }
      if (isDirectory) {
        const node: FileTreeNode = {
          type: 'directory',
          name: entry.name,
          path,
          children: [],
          size: 0,
          mtime: entry.mtime,
        };
        children.push(node);
        subdirectories.push(node);
      } else {
        children.push({
          type: 'file',
          name: entry.name,
          path,
          size: entry.size,
          mtime: entry.mtime,
        });
        filesFound++;
      }
    }
    children.sort(compareNodes);
    dir.children = children;
    options.onProgress?.(filesFound, root);
    await Promise.all(subdirectories.map((sub) => visit(sub, matcher)));
  };

  // Cancel takes effect at once, even while a listing is still waiting on the disk.
  await settledOrAborted(
    visit(root, options.matcher ?? IgnoreMatcher.create(options)),
    options.signal,
  );
  pruneEmptyDirectories(root, (dir) => hidden.push({ ...dir, reason: noReason }));
  const files: FileTreeNode[] = [];
  collectFiles(root, files);
  return { root, files, ignoredCount, hidden };
}

/**
 * Drops directories with no file left beneath them, as git (which lists files) never
 * shows them: an empty folder, or one whose every file is hidden. Reports each dropped
 * top-most folder.
 */
export function pruneEmptyDirectories(
  root: FileTreeNode,
  onDropped: (dir: { path: string; isDirectory: true }) => void = () => {},
): void {
  const keep = (dir: FileTreeNode): boolean => {
    const children = dir.children ?? [];
    let write = 0;
    for (const child of children) {
      if (child.type === 'file' || keep(child)) children[write++] = child;
      else onDropped({ path: child.path, isDirectory: true });
    }
    children.length = write;
    return write > 0;
  };
  keep(root);
}

function collectFiles(node: FileTreeNode, out: FileTreeNode[]): void {
  for (const child of node.children ?? []) {
    if (child.type === 'file') out.push(child);
    else collectFiles(child, out);
  }
}

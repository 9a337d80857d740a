import ignore, { type Ignore } from 'ignore';
import { GLOB_PATTERN_MAX } from '../limits';
import { FastRules } from './fast-rules';

/** One .gitignore-style list applying to paths under `base` ('' = project root). */
interface Layer {
  base: string;
  ig: Ignore;
}

export interface IgnoreMatcherOptions {
  /** The read-only core system list: always wins, a later `!` cannot re-include. */
  corePatterns?: readonly string[];
  /** The user's global patterns (settings), applied like a global excludes file. */
  globalPatterns?: readonly string[];
}

/**
 * SPEC §5 line rules on top of the `ignore` package (gitignore semantics): empty and `#`
 * lines skipped, `!` negates, trailing `/` = directory only, no slash = any depth, dotfiles
 * match. Lines longer than GLOB_PATTERN_MAX are rejected (dropped) rather than compiled.
 */
export function compilePatterns(lines: readonly string[]): Ignore {
  const ig = ignore({ allowRelativePaths: true });
  for (const line of patternLines(lines)) {
    try {
      ig.add(line);
    } catch {
      // A pattern the library cannot compile is skipped, like git does with bad lines.
    }
  }
  return ig;
}

/** The lines that are patterns (see compilePatterns), without a trailing CR. */
export function patternLines(lines: readonly string[]): string[] {
  return lines
    .map((raw) => raw.replace(/\r$/, ''))
    .filter(
      (line) => line.trim() !== '' && !line.startsWith('#') && line.length <= GLOB_PATTERN_MAX,
    );
}

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Layered matcher: core patterns, then global patterns, then the project's .gitignore
 * files from the root down. As in git, the deepest layer with a rule for a path decides
 * (so a nested `!keep.log` re-includes what the root ignored). Immutable: `withGitignore`
 * returns a child matcher sharing its parent's layers, one per scanned directory.
 */
export class IgnoreMatcher {
  private constructor(
    private readonly core: FastRules,
    private readonly layers: readonly Layer[],
    private readonly compiled = new Map<string, Ignore>(),
  ) {}

  static create(options: IgnoreMatcherOptions = {}): IgnoreMatcher {
    const layers: Layer[] = [];
    if (options.globalPatterns?.length) {
      layers.push({ base: '', ig: compilePatterns(options.globalPatterns) });
    }
    const core = new FastRules(patternLines(options.corePatterns ?? []), compilePatterns);
    return new IgnoreMatcher(core, layers);
  }

  /**
   * A matcher that also applies the .gitignore text found in directory `dir`. Compiled
   * lists are kept per directory and text, so a rescan reuses them and their result caches.
   */
  withGitignore(dir: string, text: string): IgnoreMatcher {
    const key = `${dir}\0${text}`;
    let ig = this.compiled.get(key);
    if (!ig) {
      ig = compilePatterns(splitLines(text));
      this.compiled.set(key, ig);
    }
    return new IgnoreMatcher(this.core, [...this.layers, { base: dir, ig }], this.compiled);
  }

  /**
   * Whether `path` itself is ignored; its ancestors are assumed already checked (the scan
   * never enters an ignored directory). Directories must say so: `dir/` patterns need it.
   */
  isIgnored(path: string, isDirectory: boolean): boolean {
    if (this.core.ignores(path, isDirectory)) return true;
    const probe = isDirectory ? `${path}/` : path;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i]!;
      let relative = probe;
      if (layer.base !== '') {
        if (!probe.startsWith(`${layer.base}/`)) continue;
        relative = probe.slice(layer.base.length + 1);
      }
      const result = layer.ig.test(relative);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }

  /** Whether `path` or any directory above it is ignored (for paths not reached by a scan). */
  isPathIgnored(path: string, isDirectory = false): boolean {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      if (this.isIgnored(parts.slice(0, i).join('/'), true)) return true;
    }
    return this.isIgnored(path, isDirectory);
  }
}

import { GLOB_PATTERN_MAX } from '../limits';
import { FastRules } from './fast-rules';
import { compileGitignore, type GitignoreRule, lastMatch } from './gitignore-rule';

/** One .gitignore-style list applying to paths under `base` ('' = project root). */
interface Layer {
  base: string;
  rules: readonly GitignoreRule[];
}

export interface IgnoreMatcherOptions {
  /** The read-only core system list: always wins, a later `!` cannot re-include. */
  corePatterns?: readonly string[];
  /** The user's global patterns (settings), applied like git's core.excludesFile. */
  globalPatterns?: readonly string[];
  /**
   * git's core.ignorecase for the user's patterns and the project's .gitignore files:
   * false (git on Linux) unless the user's settings say otherwise (defaultIgnoreCase).
   * The core list always matches case-insensitively (decision 030: `IMG.PNG` is an image).
   */
  ignoreCase?: boolean;
}

/** The platform default of git's core.ignorecase: true on macOS and Windows file systems. */
export function defaultIgnoreCase(platform: string): boolean {
  return /^(mac|darwin|win)/i.test(platform);
}

/** The lines that are patterns, without a trailing CR (what the settings page shows). */
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
 * Layered matcher, in git's order: the project's .gitignore files from the deepest up,
 * then the user's global patterns; the deepest list with a rule for a path decides (so a
 * nested `!/build` re-includes a folder the root ignored), and in a list the last
 * matching line. The core list is asked first and always wins. Only the path itself is
 * tested: the scan never enters an ignored directory. Immutable: `withGitignore` returns
 * a child matcher sharing its parent's layers, one per scanned directory.
 */
export class IgnoreMatcher {
  private constructor(
    private readonly core: FastRules,
    private readonly layers: readonly Layer[],
    readonly ignoreCase: boolean,
    private readonly compiled = new Map<string, readonly GitignoreRule[]>(),
  ) {}

  static create(options: IgnoreMatcherOptions = {}): IgnoreMatcher {
    const ignoreCase = options.ignoreCase ?? false;
    const layers: Layer[] = [];
    if (options.globalPatterns?.length) {
      const rules = compileGitignore(
        options.globalPatterns,
        { kind: 'global' },
        ignoreCase,
        GLOB_PATTERN_MAX,
      );
      layers.push({ base: '', rules });
    }
    const coreRules = compileGitignore(
      options.corePatterns ?? [],
      { kind: 'core' },
      true,
      GLOB_PATTERN_MAX,
    );
    return new IgnoreMatcher(new FastRules(coreRules, true), layers, ignoreCase);
  }

  /**
   * A matcher that also applies the .gitignore text found in directory `dir`. Compiled
   * lists are kept per directory and text, so a rescan reuses them.
   */
  withGitignore(dir: string, text: string): IgnoreMatcher {
    const key = `${dir}\0${text}`;
    let rules = this.compiled.get(key);
    if (!rules) {
      rules = compileGitignore(text, { kind: 'gitignore', dir }, this.ignoreCase, GLOB_PATTERN_MAX);
      this.compiled.set(key, rules);
    }
    return new IgnoreMatcher(
      this.core,
      [...this.layers, { base: dir, rules }],
      this.ignoreCase,
      this.compiled,
    );
  }

  /**
   * Whether `path` itself is ignored; its ancestors are assumed already checked (the scan
   * never enters an ignored directory). Directories must say so: `dir/` patterns need it.
   */
  isIgnored(path: string, isDirectory: boolean): boolean {
    if (this.core.ignores(path, isDirectory)) return true;
    const rule = this.userRule(path, isDirectory);
    return rule !== undefined && !rule.negative;
  }

  /** The rule that hides `path` itself (like `git check-ignore -v`), undefined if none. */
  explain(path: string, isDirectory: boolean): GitignoreRule | undefined {
    const core = this.core.explain(path, isDirectory);
    if (core) return core;
    const rule = this.userRule(path, isDirectory);
    return rule && !rule.negative ? rule : undefined;
  }

  /** Whether `path` or any directory above it is ignored (for paths not reached by a scan). */
  isPathIgnored(path: string, isDirectory = false): boolean {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      if (this.isIgnored(parts.slice(0, i).join('/'), true)) return true;
    }
    return this.isIgnored(path, isDirectory);
  }

  /** The deciding line of the deepest list that has one (negations included). */
  private userRule(path: string, isDirectory: boolean): GitignoreRule | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i]!;
      let relative = path;
      if (layer.base !== '') {
        if (!path.startsWith(`${layer.base}/`)) continue;
        relative = path.slice(layer.base.length + 1);
      }
      const rule = lastMatch(layer.rules, relative, isDirectory);
      if (rule) return rule;
    }
    return undefined;
  }
}

/** `git check-ignore -v`'s source column: where a rule lives, for the UI and the tests. */
export function describeRuleSource(rule: GitignoreRule): string {
  if (rule.source.kind !== 'gitignore') return rule.source.kind;
  return rule.source.dir ? `${rule.source.dir}/.gitignore` : '.gitignore';
}

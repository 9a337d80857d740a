/**
 * One gitignore line compiled the way git reads it (gitignore(5), git's dir.c and
 * wildmatch.c with WM_PATHNAME). Written here rather than taken from the `ignore` package
 * because every list must answer for a path alone, without its parent directories (a
 * deeper .gitignore can re-include a folder a shallower one ignores, and the scan already
 * never enters an ignored folder), must be case-sensitive unless asked, and must say which
 * line decided: decision 030. Globs are matched in linear time (decision 041). `gitignore-oracle.test.ts` compares it with git itself.
 */

import { compileTokens, type GlobToken, type SubjectTest } from './glob-automaton';

/** Where a line comes from, for "why is this hidden?" (like `git check-ignore -v`). */
export interface RuleSource {
  kind: 'core' | 'global' | 'gitignore';
  /** The .gitignore's directory ('' = project root); only for kind 'gitignore'. */
  dir?: string;
}

export interface GitignoreRule {
  /** The line as git reports it: trailing CR and unescaped trailing spaces removed. */
  pattern: string;
  /** 1-based line number in its list or file. */
  line: number;
  source: RuleSource;
  negative: boolean;
  /** A trailing `/`: matches directories only. */
  directoryOnly: boolean;
  /** No `/` but a trailing one: matched against the last path segment at any depth. */
  basenameOnly: boolean;
  /**
   * Whether the line's glob matches a subject (the path, or its last segment when
   * basenameOnly); null when the pattern can never match (unclosed `[`, trailing lone `\`).
   */
  test: SubjectTest | null;
}

const POSIX_CLASSES: Record<string, string> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9a-fA-F',
};

const escapeRegex = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * git's trim_trailing_spaces: unescaped trailing spaces are dropped, `\ ` keeps one.
 * Tabs are not trimmed (git does not either).
 */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  let lastKept = -1;
  for (let i = 0; i < end; i++) {
    if (line[i] === '\\' && i + 1 < end) {
      i++;
      lastKept = i;
    } else if (line[i] !== ' ') lastKept = i;
  }
  end = lastKept + 1;
  return line.slice(0, end);
}

/** A `[...]` class starting at `start` (the `[`): its regex and the index after `]`. */
function bracket(body: string, start: number): { source: string; next: number } | null {
  let i = start + 1;
  let negate = false;
  if (body[i] === '!' || body[i] === '^') {
    negate = true;
    i++;
  }
  let out = '';
  let first = true;
  while (i < body.length) {
    const ch = body[i]!;
    if (ch === ']' && !first) {
      // WM_PATHNAME: a class never matches '/'.
      return { source: negate ? `[^/${out}]` : `(?!/)[${out}]`, next: i + 1 };
    }
    first = false;
    if (ch === '[' && body[i + 1] === ':') {
      const close = body.indexOf(':]', i + 2);
      if (close === -1) return null;
      const range = POSIX_CLASSES[body.slice(i + 2, close)];
      if (range === undefined) return null; // git: an unknown class never matches
      out += range;
      i = close + 2;
      continue;
    }
    let literal = ch;
    if (ch === '\\') {
      if (i + 1 >= body.length) return null;
      literal = body[++i]!;
    }
    if (body[i + 1] === '-' && body[i + 2] !== undefined && body[i + 2] !== ']') {
      let upper = body[i + 2]!;
      let skip = 3;
      if (upper === '\\') {
        if (i + 3 >= body.length) return null;
        upper = body[i + 3]!;
        skip = 4;
      }
      out += `${escapeRegex(literal)}-${escapeRegex(upper)}`;
      i += skip;
      continue;
    }
    out += escapeRegex(literal);
    i++;
  }
  return null; // no closing ']': git's wildmatch aborts, the pattern matches nothing
}

/** The tokens of a wildmatch pattern (WM_PATHNAME); null when it can never match. */
export function wildmatchTokens(body: string): GlobToken[] | null {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '*') {
      let stars = 1;
      while (body[i + 1] === '*') {
        stars++;
        i++;
      }
      const atSegmentStart = i - stars + 1 === 0 || body[i - stars] === '/';
      const atSegmentEnd = i + 1 === body.length || body[i + 1] === '/';
      if (stars >= 2 && atSegmentStart && atSegmentEnd) {
        if (i + 1 === body.length) {
          tokens.push({ kind: 'rest' }); // trailing '**' (or the whole pattern): everything below
        } else {
          // '**/': zero or more directories; a run of them reads as one.
          if (tokens.at(-1)?.kind !== 'dirs') tokens.push({ kind: 'dirs' });
          i++; // the '/' is part of the token
        }
      } else tokens.push({ kind: 'star' });
    } else if (ch === '?') tokens.push({ kind: 'one', source: '[^/]' });
    else if (ch === '[') {
      const cls = bracket(body, i);
      if (!cls) return null;
      tokens.push({ kind: 'one', source: cls.source });
      i = cls.next - 1;
    } else if (ch === '\\') {
      if (i + 1 >= body.length) return null; // a trailing lone backslash never matches
      const literal = body[++i]!;
      tokens.push({ kind: 'one', source: escapeRegex(literal), literal });
    } else tokens.push({ kind: 'one', source: escapeRegex(ch), literal: ch });
  }
  return tokens;
}

/** Compiles one line; null for blank lines and comments (git skips them). */
export function compileGitignoreLine(
  raw: string,
  line: number,
  source: RuleSource,
  ignoreCase: boolean,
): GitignoreRule | null {
  if (raw.startsWith('#')) return null;
  const pattern = trimTrailingSpaces(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
  if (pattern === '') return null;
  let body = pattern;
  let negative = false;
  if (body.startsWith('!')) {
    negative = true;
    body = body.slice(1);
  }
  let directoryOnly = false;
  if (body.endsWith('/') && !body.endsWith('\\/')) {
    directoryOnly = true;
    body = body.replace(/\/+$/, '');
  }
  if (body === '') return null;
  const basenameOnly = !body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const tokens = wildmatchTokens(body);
  return {
    pattern,
    line,
    source,
    negative,
    directoryOnly,
    basenameOnly,
    test: tokens === null ? null : compileTokens(tokens, ignoreCase),
  };
}

/** Every pattern line of a list or file, with its 1-based line number. A BOM is skipped. */
export function compileGitignore(
  text: string | readonly string[],
  source: RuleSource,
  ignoreCase: boolean,
  maxLength = Infinity,
): GitignoreRule[] {
  const lines = typeof text === 'string' ? text.replace(/^\uFEFF/, '').split('\n') : text;
  const rules: GitignoreRule[] = [];
  lines.forEach((raw, i) => {
    if (raw.length > maxLength) return; // never compiled: a pathological line is dropped
    const rule = compileGitignoreLine(raw, i + 1, source, ignoreCase);
    if (rule) rules.push(rule);
  });
  return rules;
}

/** Whether `rule` matches `path` (relative to the rule's directory) itself, not its parents. */
export function ruleMatches(rule: GitignoreRule, path: string, isDirectory: boolean): boolean {
  if (rule.test === null || (rule.directoryOnly && !isDirectory)) return false;
  const subject = rule.basenameOnly ? path.slice(path.lastIndexOf('/') + 1) : path;
  return rule.test(subject);
}

/** The last rule of the list matching `path`, which decides (git: last match wins). */
export function lastMatch(
  rules: readonly GitignoreRule[],
  path: string,
  isDirectory: boolean,
): GitignoreRule | undefined {
  for (let i = rules.length - 1; i >= 0; i--) {
    if (ruleMatches(rules[i]!, path, isDirectory)) return rules[i];
  }
  return undefined;
}

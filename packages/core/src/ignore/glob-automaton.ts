/**
 * Matching a compiled wildmatch pattern without backtracking (decision 041).
 *
 * A gitignore line becomes a list of tokens. A JavaScript regular expression of those
 * tokens backtracks: with k unbounded tokens (`*`, `**`) a failing match may try every way
 * of splitting the name between them, n^k steps (`*a*a*a*a*a*a*a*a*a*ab` on a 40-character
 * name took 12 s). A pattern whose quantifiers cannot share characters keeps its regular
 * expression (the common `*.log`, `build/**`, `src/**` then `/*.ts`: V8's native matching is
 * fastest there, and its backtracking is bounded); any other pattern is run as a set of
 * positions in the token list advanced one character at a time (a Thompson automaton):
 * n × m steps at worst, whatever the pattern. Both read the same tokens, so both give the
 * regex's answers (and git's: `gitignore-oracle.test.ts`, `gitignore-pathological.test.ts`).
 */

/** One piece of a pattern. */
export type GlobToken =
  /** Exactly one character: a literal, `?` or a `[...]` class (never `/`). */
  | { kind: 'one'; source: string; literal?: string }
  /** `*` (or `**` inside a segment): any run of characters without `/`. */
  | { kind: 'star' }
  /** A leading or inner `**` with its `/`: zero or more whole directories. */
  | { kind: 'dirs' }
  /** A trailing `**`: everything, slashes included. */
  | { kind: 'rest' };

export type SubjectTest = (subject: string) => boolean;

const UNBOUNDED_SOURCE: Record<Exclude<GlobToken['kind'], 'one'>, string> = {
  star: '[^/]*',
  dirs: '(?:.*/)?',
  rest: '.*',
};

/** The regular expression body of the tokens, anchored at both ends. */
export function tokensSource(tokens: readonly GlobToken[]): string {
  const body = tokens.map((t) => (t.kind === 'one' ? t.source : UNBOUNDED_SOURCE[t.kind]));
  return `^${body.join('')}$`;
}

/**
 * The matcher of a token list. `s` (dotAll) lets `**` cross a newline in a name as git's
 * does; `i` is git's core.ignorecase.
 */
export function compileTokens(tokens: readonly GlobToken[], ignoreCase: boolean): SubjectTest {
  const flags = ignoreCase ? 'is' : 's';
  const test = backtrackingIsBounded(tokens)
    ? (
        (regex: RegExp) => (subject: string) =>
          regex.test(subject)
      )(new RegExp(tokensSource(tokens), flags))
    : compileAutomaton(tokens, flags);
  if (ignoreCase) return test;
  // Both match the whole subject from its start, so a pattern's leading literal characters
  // must begin it: most lines of a long .gitignore (`/packages/x/lib`) are refused by one
  // comparison instead of a regex run per path (exact: the same answers, sooner).
  let prefix = '';
  for (const token of tokens) {
    if (token.kind !== 'one' || token.literal === undefined) break;
    prefix += token.literal;
  }
  if (prefix.length === tokens.length) return (subject) => subject === prefix;
  if (prefix.length < 2) return test;
  return (subject) => subject.startsWith(prefix) && test(subject);
}

const SLASH = 0x2f;

/**
 * Whether the regex of these tokens backtracks polynomially with a small degree: at most one
 * `*` in each path segment (a star never crosses the literal `/` that ends its segment, so
 * two stars never compete for the same characters) and at most one `**` (which crosses
 * them). Then a failing match retries each `**` split once and each star within its segment.
 */
function backtrackingIsBounded(tokens: readonly GlobToken[]): boolean {
  let starsInSegment = 0;
  let doubleStars = 0;
  for (const token of tokens) {
    if (token.kind === 'star' && ++starsInSegment > 1) return false;
    if ((token.kind === 'dirs' || token.kind === 'rest') && ++doubleStars > 1) return false;
    if (token.kind === 'dirs' || (token.kind === 'one' && token.literal === '/')) {
      starsInSegment = 0;
    }
  }
  return true;
}

/** A test of one character (UTF-16 code unit), as the regex would read that token. */
function characterTest(
  token: GlobToken & { kind: 'one' },
  flags: string,
  cache: Map<string, RegExp>,
) {
  if (token.literal !== undefined && !flags.includes('i')) {
    const code = token.literal.charCodeAt(0);
    return (c: number) => c === code;
  }
  // Case folding and classes read exactly as the regex would: one tiny regex per token.
  let regex = cache.get(token.source);
  if (!regex) {
    regex = new RegExp(`^${token.source}$`, flags);
    cache.set(token.source, regex);
  }
  const compiled = regex;
  return (_c: number, ch: string) => compiled.test(ch);
}

/**
 * The automaton alone, whatever the pattern (`flags`: the regex's, `s` and maybe `i`).
 * States 0..m are "before token i" (m = matched everything); m+1+i is "inside the `dirs`
 * token i" (some characters consumed, waiting for the `/` that ends it).
 */
export function compileAutomaton(tokens: readonly GlobToken[], flags: string): SubjectTest {
  const m = tokens.length;
  const kinds = tokens.map((t) => t.kind);
  const cache = new Map<string, RegExp>();
  const tests = tokens.map((t) => (t.kind === 'one' ? characterTest(t, flags, cache) : null));
  const size = 2 * m + 2;
  // Reused between calls: a matcher runs on one thread, one subject at a time.
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  const stamp = new Uint32Array(size);
  let generation = 0;

  /** Adds `state` and what it reaches without reading a character; returns the new count. */
  const add = (list: Int32Array, count: number, state: number): number => {
    for (let i = state; ; i++) {
      if (stamp[i] === generation) return count;
      stamp[i] = generation;
      list[count++] = i;
      if (i === m || i > m) return count;
      const kind = kinds[i];
      if (kind === 'one') return count;
      if (kind === 'dirs' && stamp[m + 1 + i] !== generation) {
        stamp[m + 1 + i] = generation;
        list[count++] = m + 1 + i;
      }
    }
  };

  return (subject) => {
    if (generation > 0xfffffff0) {
      stamp.fill(0);
      generation = 0;
    }
    generation++;
    let count = add(current, 0, 0);
    for (let p = 0; p < subject.length && count > 0; p++) {
      const c = subject.charCodeAt(p);
      const ch = subject[p]!;
      generation++;
      let nextCount = 0;
      for (let k = 0; k < count; k++) {
        const state = current[k]!;
        if (state > m) {
          const token = state - m - 1;
          // Inside a `dirs` token: any character stays inside; a `/` may also end it.
          nextCount = add(next, nextCount, state);
          if (c === SLASH) nextCount = add(next, nextCount, token + 1);
          continue;
        }
        if (state === m) continue;
        const kind = kinds[state];
        if (kind === 'one') {
          if (tests[state]!(c, ch)) nextCount = add(next, nextCount, state + 1);
        } else if (kind === 'star') {
          if (c !== SLASH) nextCount = add(next, nextCount, state);
        } else if (kind === 'rest') nextCount = add(next, nextCount, state);
        // 'dirs' reads its characters in its inside state, added with it.
      }
      const reused = current;
      current = next;
      next = reused;
      count = nextCount;
    }
    for (let k = 0; k < count; k++) if (current[k] === m) return true;
    return false;
  };
}

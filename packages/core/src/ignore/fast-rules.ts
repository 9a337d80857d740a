import { type GitignoreRule, lastMatch } from './gitignore-rule';

/** A literal name (`node_modules/`, `.DS_Store`) or `*` + a literal suffix (`*.min.js`). */
type SimpleRule =
  { kind: 'name'; name: string; dirOnly: boolean } | { kind: 'suffix'; suffix: string };

/** No glob syntax, no slash inside, no space (gitignore trims or escapes those). */
const LITERAL = /^[^*?[\]\\/!#\s]+\/?$/;
const STAR_SUFFIX = /^\*[^*?[\]\\/\s]+$/;

function parseSimple(line: string, fold: (s: string) => string): SimpleRule | null {
  if (LITERAL.test(line)) {
    const dirOnly = line.endsWith('/');
    return { kind: 'name', name: fold(dirOnly ? line.slice(0, -1) : line), dirOnly };
  }
  if (STAR_SUFFIX.test(line)) return { kind: 'suffix', suffix: fold(line.slice(1)) };
  return null;
}

/** Whether a path the simple rule ignores could be re-included by the negation `!negated`. */
function mayOverlap(rule: SimpleRule, negated: string, fold: (s: string) => string): boolean {
  const other = parseSimple(negated, fold);
  if (!other || other.kind !== 'name') return true; // a wildcard negation: assume it may
  return rule.kind === 'name' ? rule.name === other.name : other.name.endsWith(rule.suffix);
}

/** The extension a suffix rule is filed under: its last `.` onwards ('' when it has none). */
function lastExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot);
}

const identity = (s: string) => s;
const lower = (s: string) => s.toLowerCase();

/**
 * A gitignore list answered mostly by set lookups. Long lists such as the core system
 * list are dozens of names and `*.ext` patterns; testing every path against each one's
 * regex was most of a large scan (decision 007). Those rules are looked up by the path's
 * last segment instead, unless a later `!` line could re-include what they match; every
 * other line keeps its order in the regex list. Names are folded to lower case only when
 * the list is case-insensitive (git's core.ignorecase), so both settings stay exact
 * (`fast-rules.test.ts` compares both with the plain list). Ancestors are not checked
 * (the scan never enters an ignored directory).
 */
export class FastRules {
  private readonly names = new Set<string>();
  private readonly directoryNames = new Set<string>();
  /** Suffix rules by their last extension; those with no `.` under ''. */
  private readonly suffixes = new Map<string, string[]>();
  /** The lines left to their regexes, in their order. */
  private readonly rest: GitignoreRule[] = [];
  private readonly fold: (s: string) => string;

  constructor(
    /** Every rule of the list, in order (explain() answers from all of them). */
    readonly rules: readonly GitignoreRule[],
    ignoreCase: boolean,
  ) {
    const fold = ignoreCase ? lower : identity;
    this.fold = fold;
    rules.forEach((rule, i) => {
      const simple = rule.negative ? null : parseSimple(rule.pattern, fold);
      const negatedLater = rules
        .slice(i + 1)
        .some(
          (later) => later.negative && simple && mayOverlap(simple, later.pattern.slice(1), fold),
        );
      if (!simple || negatedLater) this.rest.push(rule);
      else if (simple.kind === 'suffix') {
        const key = lastExtension(simple.suffix);
        this.suffixes.set(key, [...(this.suffixes.get(key) ?? []), simple.suffix]);
      } else (simple.dirOnly ? this.directoryNames : this.names).add(simple.name);
    });
  }

  /** `path` relative to the list's base, without a trailing slash. */
  ignores(path: string, isDirectory: boolean): boolean {
    const name = this.fold(path.slice(path.lastIndexOf('/') + 1));
    if (this.names.has(name) || (isDirectory && this.directoryNames.has(name))) return true;
    if (this.hasSuffix(name, lastExtension(name)) || this.hasSuffix(name, '')) return true;
    const rule = lastMatch(this.rest, path, isDirectory);
    return rule !== undefined && !rule.negative;
  }

  /** The rule that hides `path`, the last to match as git reports it; undefined if none. */
  explain(path: string, isDirectory: boolean): GitignoreRule | undefined {
    const rule = lastMatch(this.rules, path, isDirectory);
    return rule && !rule.negative ? rule : undefined;
  }

  private hasSuffix(name: string, extension: string): boolean {
    const candidates = this.suffixes.get(extension);
    return candidates !== undefined && candidates.some((suffix) => name.endsWith(suffix));
  }
}

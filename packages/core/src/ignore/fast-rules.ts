import type { Ignore } from 'ignore';

/** A literal name (`node_modules/`, `.DS_Store`) or `*` + a literal suffix (`*.min.js`). */
type SimpleRule =
  { kind: 'name'; name: string; dirOnly: boolean } | { kind: 'suffix'; suffix: string };

/** No glob syntax, no slash inside, no space (gitignore trims or escapes those). */
const LITERAL = /^[^*?[\]\\/!#\s]+\/?$/;
const STAR_SUFFIX = /^\*[^*?[\]\\/\s]+$/;

function parseSimple(line: string): SimpleRule | null {
  if (LITERAL.test(line)) {
    const dirOnly = line.endsWith('/');
    return { kind: 'name', name: (dirOnly ? line.slice(0, -1) : line).toLowerCase(), dirOnly };
  }
  if (STAR_SUFFIX.test(line)) return { kind: 'suffix', suffix: line.slice(1).toLowerCase() };
  return null;
}

/** Whether a path the simple rule ignores could be re-included by the negation `!negated`. */
function mayOverlap(rule: SimpleRule, negated: string): boolean {
  const other = parseSimple(negated);
  if (!other || other.kind !== 'name') return true; // a wildcard negation: assume it may
  return rule.kind === 'name' ? rule.name === other.name : other.name.endsWith(rule.suffix);
}

/** The extension a suffix rule is filed under: its last `.` onwards ('' when it has none). */
function lastExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot);
}

/**
 * A gitignore list answered mostly by set lookups. Long lists such as the core system
 * list are dozens of names and `*.ext` patterns; testing every path against each one's
 * regex (what `ignore` does) was most of a large scan. Those rules are looked up by the
 * path's last segment instead, unless a later `!` line could re-include what they match;
 * every other line keeps its order in an `ignore` list. As `ignore`, case-insensitive.
 * Unlike `ignore().ignores`, ancestors are not checked (the scan never enters an ignored
 * directory).
 */
export class FastRules {
  private readonly names = new Set<string>();
  private readonly directoryNames = new Set<string>();
  /** Suffix rules by their last extension; those with no `.` under ''. */
  private readonly suffixes = new Map<string, string[]>();
  /** The lines left to `ignore`, in their order. */
  private readonly rest: Ignore | null;

  /** `lines` already cleaned (patternLines); `compile` builds the `ignore` list of the rest. */
  constructor(lines: readonly string[], compile: (lines: readonly string[]) => Ignore) {
    const rest: string[] = [];
    lines.forEach((line, i) => {
      const rule = line.startsWith('!') ? null : parseSimple(line);
      const negatedLater = lines
        .slice(i + 1)
        .some((later) => later.startsWith('!') && rule && mayOverlap(rule, later.slice(1)));
      if (!rule || negatedLater) rest.push(line);
      else if (rule.kind === 'suffix') {
        const key = lastExtension(rule.suffix);
        this.suffixes.set(key, [...(this.suffixes.get(key) ?? []), rule.suffix]);
      } else (rule.dirOnly ? this.directoryNames : this.names).add(rule.name);
    });
    this.rest = rest.length > 0 ? compile(rest) : null;
  }

  /** `path` relative to the list's base, without a trailing slash. */
  ignores(path: string, isDirectory: boolean): boolean {
    const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
    if (this.names.has(name) || (isDirectory && this.directoryNames.has(name))) return true;
    if (this.hasSuffix(name, lastExtension(name)) || this.hasSuffix(name, '')) return true;
    return this.rest !== null && this.rest.ignores(isDirectory ? `${path}/` : path);
  }

  private hasSuffix(name: string, extension: string): boolean {
    const candidates = this.suffixes.get(extension);
    return candidates !== undefined && candidates.some((suffix) => name.endsWith(suffix));
  }
}

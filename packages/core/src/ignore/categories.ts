import { GLOB_PATTERN_MAX, IGNORE_PATTERN_INPUT_MAX, IGNORE_PATTERN_LINES_MAX } from '../limits';

/**
 * Ignore patterns are stored as gitignore lines: a `# Name` comment line starts
 * the category `Name`; lines before any header belong to the custom category.
 */
export interface IgnoreCategory {
  category: string;
  patterns: string[];
}

/** The category of patterns written before any `# Name` header (the user's own ones). */
export const CUSTOM_IGNORE_CATEGORY = '';

export type IgnorePatternIssue =
  | 'IGNORE_PATTERN_EMPTY'
  | 'IGNORE_PATTERN_TOO_LONG'
  | 'IGNORE_PATTERN_COMMENT'
  | 'IGNORE_PATTERN_DUPLICATE'
  | 'GLOB_PATTERN_TOO_LONG';

const isComment = (line: string) => line.startsWith('#');
const headerName = (line: string) => line.replace(/^#+/, '').trim();

/** Lines → categories in first-appearance order; repeated headers and duplicates fold together. */
export function parseIgnoreCategories(lines: readonly string[]): IgnoreCategory[] {
  const byName = new Map<string, IgnoreCategory>();
  let current = CUSTOM_IGNORE_CATEGORY;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (isComment(line)) {
      current = headerName(line);
      continue;
    }
    let entry = byName.get(current);
    if (!entry) {
      entry = { category: current, patterns: [] };
      byName.set(current, entry);
    }
    if (!entry.patterns.includes(line)) entry.patterns.push(line);
  }
  return [...byName.values()];
}

/** Categories → lines; the custom category comes first because it has no header. */
export function serializeIgnoreCategories(categories: readonly IgnoreCategory[]): string[] {
  const lines: string[] = [];
  const ordered = [
    ...categories.filter((c) => c.category === CUSTOM_IGNORE_CATEGORY),
    ...categories.filter((c) => c.category !== CUSTOM_IGNORE_CATEGORY),
  ];
  for (const { category, patterns } of ordered) {
    if (patterns.length === 0) continue;
    if (category !== CUSTOM_IGNORE_CATEGORY) lines.push(`# ${category}`);
    lines.push(...patterns);
  }
  return lines;
}

/** Input rules for one pattern, against the patterns already in its category. */
export function validateIgnorePattern(
  input: string,
  existing: readonly string[] = [],
): IgnorePatternIssue | null {
  const pattern = input.trim();
  if (!pattern) return 'IGNORE_PATTERN_EMPTY';
  if (pattern.length > GLOB_PATTERN_MAX) return 'GLOB_PATTERN_TOO_LONG';
  if (pattern.length > IGNORE_PATTERN_INPUT_MAX) return 'IGNORE_PATTERN_TOO_LONG';
  // A leading # would turn the pattern into a category header once saved.
  if (isComment(pattern)) return 'IGNORE_PATTERN_COMMENT';
  if (existing.includes(pattern)) return 'IGNORE_PATTERN_DUPLICATE';
  return null;
}

export type AddIgnorePatternResult =
  { ok: true; categories: IgnoreCategory[] } | { ok: false; issue: IgnorePatternIssue };

/** Adds a trimmed pattern to a category (created when missing). */
export function addIgnorePattern(
  categories: readonly IgnoreCategory[],
  input: string,
  category: string = CUSTOM_IGNORE_CATEGORY,
): AddIgnorePatternResult {
  const target = categories.find((c) => c.category === category);
  const issue = validateIgnorePattern(input, target?.patterns);
  if (issue) return { ok: false, issue };
  const pattern = input.trim();
  if (!target) {
    const created = { category, patterns: [pattern] };
    // The custom category leads, as in the saved order (it has no header line).
    return {
      ok: true,
      categories:
        category === CUSTOM_IGNORE_CATEGORY ? [created, ...categories] : [...categories, created],
    };
  }
  return {
    ok: true,
    categories: categories.map((c) =>
      c === target ? { category, patterns: [...c.patterns, pattern] } : c,
    ),
  };
}

/** Removes one pattern; a category left empty disappears. */
export function removeIgnorePattern(
  categories: readonly IgnoreCategory[],
  category: string,
  pattern: string,
): IgnoreCategory[] {
  return categories
    .map((c) =>
      c.category === category ? { category, patterns: c.patterns.filter((p) => p !== pattern) } : c,
    )
    .filter((c) => c.patterns.length > 0);
}

/** MERGE: union per category; new categories are appended in template order. */
export function mergeIgnoreTemplate(
  current: readonly IgnoreCategory[],
  template: readonly IgnoreCategory[],
): IgnoreCategory[] {
  const result = current.map((c) => ({ category: c.category, patterns: [...c.patterns] }));
  for (const { category, patterns } of template) {
    let target = result.find((c) => c.category === category);
    if (!target) {
      target = { category, patterns: [] };
      result.push(target);
    }
    for (const pattern of patterns) {
      if (!target.patterns.includes(pattern)) target.patterns.push(pattern);
    }
  }
  return result.filter((c) => c.patterns.length > 0);
}

/** REPLACE: the list is cleared first, so the result is the template alone. */
export function replaceWithIgnoreTemplate(template: readonly IgnoreCategory[]): IgnoreCategory[] {
  return mergeIgnoreTemplate([], template);
}

const pairKeys = (categories: readonly IgnoreCategory[]) =>
  new Set(categories.flatMap((c) => c.patterns.map((p) => `${c.category}\u0000${p}`)));

/** Dirty when the set of (category, pattern) pairs differs from the saved one. */
export function isIgnorePatternsDirty(
  saved: readonly string[],
  current: readonly IgnoreCategory[],
): boolean {
  const a = pairKeys(parseIgnoreCategories(saved));
  const b = pairKeys(current);
  if (a.size !== b.size) return true;
  for (const key of a) if (!b.has(key)) return true;
  return false;
}

/** Keeps the patterns (or whole categories) whose text contains the query, case-insensitively. */
export function filterIgnoreCategories(
  categories: readonly IgnoreCategory[],
  query: string,
): IgnoreCategory[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...categories];
  return categories
    .map((c) =>
      c.category.toLowerCase().includes(needle)
        ? c
        : {
            category: c.category,
            patterns: c.patterns.filter((p) => p.toLowerCase().includes(needle)),
          },
    )
    .filter((c) => c.patterns.length > 0);
}

export const countIgnorePatterns = (categories: readonly IgnoreCategory[]) =>
  categories.reduce((sum, c) => sum + c.patterns.length, 0);

/**
 * A saved list's first rule violation (for the server and the save button), with its index.
 * Lines are judged trimmed; blank lines are allowed and dropped on save.
 */
export function findIgnoreLinesIssue(
  lines: readonly string[],
): { index: number; issue: IgnorePatternIssue | 'IGNORE_PATTERNS_TOO_MANY' } | null {
  if (lines.length > IGNORE_PATTERN_LINES_MAX) {
    return { index: IGNORE_PATTERN_LINES_MAX, issue: 'IGNORE_PATTERNS_TOO_MANY' };
  }
  const seen = new Map<string, Set<string>>();
  let current = CUSTOM_IGNORE_CATEGORY;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (line.length > GLOB_PATTERN_MAX) return { index, issue: 'GLOB_PATTERN_TOO_LONG' };
    if (line.length > IGNORE_PATTERN_INPUT_MAX) return { index, issue: 'IGNORE_PATTERN_TOO_LONG' };
    if (isComment(line)) {
      current = headerName(line);
      continue;
    }
    const patterns = seen.get(current) ?? new Set<string>();
    if (patterns.has(line)) return { index, issue: 'IGNORE_PATTERN_DUPLICATE' };
    patterns.add(line);
    seen.set(current, patterns);
  }
  return null;
}

/**
 * A gitignore template → categories: each run of consecutive comment lines is one header whose
 * first non-empty line names the category (later lines are explanations or commented-out
 * patterns); patterns before any header go to a category named after the template.
 */
export function parseGitignoreTemplate(name: string, text: string): IgnoreCategory[] {
  const lines: string[] = [];
  let inHeader = false;
  let headerNamed = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      inHeader = false;
      continue;
    }
    if (isComment(line)) {
      if (!inHeader) {
        inHeader = true;
        headerNamed = false;
      }
      // "Bower dependency directory (https://bower.io/)" reads better without the link.
      const title = headerName(line)
        .replace(/\s*\(https?:\/\/[^)]*\)/g, '')
        .trim();
      if (!headerNamed && title) {
        lines.push(`# ${title.slice(0, IGNORE_PATTERN_INPUT_MAX - 2)}`);
        headerNamed = true;
      }
      continue;
    }
    inHeader = false;
    if (line.length <= IGNORE_PATTERN_INPUT_MAX) lines.push(line);
  }
  // Patterns before the first header take the template's name.
  return parseIgnoreCategories([`# ${name}`, ...lines]);
}

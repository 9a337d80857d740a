import { describe, expect, it } from 'vitest';
import { gitignoreTemplateNamesAnswerSchema, updateSettingsBodySchema } from '../contract/settings';
import { IGNORE_PATTERN_INPUT_MAX, IGNORE_PATTERN_LINES_MAX } from '../limits';
import {
  addIgnorePattern,
  CUSTOM_IGNORE_CATEGORY,
  filterIgnoreCategories,
  findIgnoreLinesIssue,
  isIgnorePatternsDirty,
  mergeIgnoreTemplate,
  parseGitignoreTemplate,
  parseIgnoreCategories,
  removeIgnorePattern,
  replaceWithIgnoreTemplate,
  serializeIgnoreCategories,
  validateIgnorePattern,
} from './categories';
import { CORE_SYSTEM_IGNORE_PATTERNS } from './core-system-patterns';

describe('parseIgnoreCategories / serializeIgnoreCategories', () => {
  it('groups lines under their # headers, custom lines first, and round-trips', () => {
    const lines = ['*.local', '# Logs', 'logs', '*.log', '# Node', 'node_modules/'];
    const categories = parseIgnoreCategories(lines);
    expect(categories).toEqual([
      { category: CUSTOM_IGNORE_CATEGORY, patterns: ['*.local'] },
      { category: 'Logs', patterns: ['logs', '*.log'] },
      { category: 'Node', patterns: ['node_modules/'] },
    ]);
    expect(serializeIgnoreCategories(categories)).toEqual(lines);
  });

  it('trims, skips blank lines, folds repeated headers and duplicates', () => {
    expect(
      parseIgnoreCategories(['  # Logs ', ' *.log ', '', '# Node', 'dist', '#Logs', '*.log', 'x']),
    ).toEqual([
      { category: 'Logs', patterns: ['*.log', 'x'] },
      { category: 'Node', patterns: ['dist'] },
    ]);
  });

  it('serialises the custom category without a header even when it is not first', () => {
    expect(
      serializeIgnoreCategories([
        { category: 'Logs', patterns: ['*.log'] },
        { category: 'Empty', patterns: [] },
        { category: CUSTOM_IGNORE_CATEGORY, patterns: ['tmp/'] },
      ]),
    ).toEqual(['tmp/', '# Logs', '*.log']);
  });
});

describe('validateIgnorePattern / addIgnorePattern / removeIgnorePattern', () => {
  it('applies the input rules (trimmed, non-empty, unique in its category, at most 500)', () => {
    expect(validateIgnorePattern('   ')).toBe('IGNORE_PATTERN_EMPTY');
    expect(validateIgnorePattern('a'.repeat(IGNORE_PATTERN_INPUT_MAX))).toBeNull();
    expect(validateIgnorePattern('a'.repeat(IGNORE_PATTERN_INPUT_MAX + 1))).toBe(
      'IGNORE_PATTERN_TOO_LONG',
    );
    expect(validateIgnorePattern('a'.repeat(65_537))).toBe('GLOB_PATTERN_TOO_LONG');
    expect(validateIgnorePattern('#notes')).toBe('IGNORE_PATTERN_COMMENT');
    expect(validateIgnorePattern('\\#notes')).toBeNull();
    expect(validateIgnorePattern(' dist ', ['dist'])).toBe('IGNORE_PATTERN_DUPLICATE');
    expect(validateIgnorePattern('!keep.log', ['*.log'])).toBeNull();
  });

  it('adds a trimmed pattern to the custom category, creating it first when missing', () => {
    const start = [{ category: 'Logs', patterns: ['*.log'] }];
    const result = addIgnorePattern(start, '  secrets/ ');
    expect(result).toEqual({
      ok: true,
      categories: [
        { category: CUSTOM_IGNORE_CATEGORY, patterns: ['secrets/'] },
        { category: 'Logs', patterns: ['*.log'] },
      ],
    });
    expect(start[0]!.patterns).toEqual(['*.log']);
    expect(addIgnorePattern(start, '*.log', 'Logs')).toEqual({
      ok: false,
      issue: 'IGNORE_PATTERN_DUPLICATE',
    });
    // The same pattern in another category is not a duplicate.
    expect(addIgnorePattern(start, '*.log').ok).toBe(true);
    const named = addIgnorePattern(start, 'x.tmp', 'Temp');
    expect(named.ok && named.categories.map((c) => c.category)).toEqual(['Logs', 'Temp']);
  });

  it('removes one pattern and drops a category left empty', () => {
    const start = [
      { category: 'Logs', patterns: ['*.log'] },
      { category: 'Node', patterns: ['dist', 'coverage'] },
    ];
    expect(removeIgnorePattern(start, 'Node', 'dist')).toEqual([
      { category: 'Logs', patterns: ['*.log'] },
      { category: 'Node', patterns: ['coverage'] },
    ]);
    expect(removeIgnorePattern(start, 'Logs', '*.log')).toEqual([
      { category: 'Node', patterns: ['dist', 'coverage'] },
    ]);
    // Only the named category loses the pattern.
    expect(removeIgnorePattern(start, 'Logs', 'dist')).toEqual(start);
  });
});

describe('mergeIgnoreTemplate / replaceWithIgnoreTemplate', () => {
  const current = [
    { category: CUSTOM_IGNORE_CATEGORY, patterns: ['tmp/'] },
    { category: 'Logs', patterns: ['*.log'] },
  ];
  const template = [
    { category: 'Logs', patterns: ['logs', '*.log'] },
    { category: 'Runtime data', patterns: ['pids', '*.pid'] },
  ];

  it('MERGE is a union per category, new categories appended in template order', () => {
    const merged = mergeIgnoreTemplate(current, template);
    expect(merged).toEqual([
      { category: CUSTOM_IGNORE_CATEGORY, patterns: ['tmp/'] },
      { category: 'Logs', patterns: ['*.log', 'logs'] },
      { category: 'Runtime data', patterns: ['pids', '*.pid'] },
    ]);
    expect(current[1]!.patterns).toEqual(['*.log']);
    // Merging twice changes nothing.
    expect(mergeIgnoreTemplate(merged, template)).toEqual(merged);
  });

  it('REPLACE clears first', () => {
    expect(replaceWithIgnoreTemplate(template)).toEqual(template);
  });
});

describe('isIgnorePatternsDirty', () => {
  const saved = ['tmp/', '# Logs', '*.log', 'logs'];

  it('compares sets, not order', () => {
    expect(isIgnorePatternsDirty(saved, parseIgnoreCategories(saved))).toBe(false);
    expect(
      isIgnorePatternsDirty(saved, [
        { category: 'Logs', patterns: ['logs', '*.log'] },
        { category: CUSTOM_IGNORE_CATEGORY, patterns: ['tmp/'] },
      ]),
    ).toBe(false);
  });

  it('is dirty after an add, a remove, or a move to another category', () => {
    const categories = parseIgnoreCategories(saved);
    const added = addIgnorePattern(categories, 'dist');
    expect(added.ok && isIgnorePatternsDirty(saved, added.categories)).toBe(true);
    expect(isIgnorePatternsDirty(saved, removeIgnorePattern(categories, 'Logs', 'logs'))).toBe(
      true,
    );
    expect(
      isIgnorePatternsDirty(saved, [{ category: 'Logs', patterns: ['tmp/', '*.log', 'logs'] }]),
    ).toBe(true);
  });

  it('is clean again once a change is undone, and after a merge that adds nothing', () => {
    const categories = parseIgnoreCategories(saved);
    const added = addIgnorePattern(categories, 'dist');
    if (!added.ok) throw new Error('add failed');
    expect(isIgnorePatternsDirty(saved, removeIgnorePattern(added.categories, '', 'dist'))).toBe(
      false,
    );
    expect(
      isIgnorePatternsDirty(
        saved,
        mergeIgnoreTemplate(categories, [{ category: 'Logs', patterns: ['*.log'] }]),
      ),
    ).toBe(false);
  });
});

describe('filterIgnoreCategories', () => {
  const categories = [
    { category: 'Logs', patterns: ['*.log', 'logs'] },
    { category: 'Node', patterns: ['node_modules/', 'dist'] },
  ];

  it('keeps matching patterns, or a whole category whose name matches', () => {
    expect(filterIgnoreCategories(categories, 'DIST')).toEqual([
      { category: 'Node', patterns: ['dist'] },
    ]);
    expect(filterIgnoreCategories(categories, 'logs')).toEqual([categories[0]]);
    expect(filterIgnoreCategories(categories, '  ')).toEqual(categories);
    expect(filterIgnoreCategories(categories, 'nothing')).toEqual([]);
  });
});

describe('findIgnoreLinesIssue and the PUT body schema', () => {
  it('accepts a well-formed list, blank lines included', () => {
    expect(findIgnoreLinesIssue(['tmp/', '', '# Logs', '*.log', '# Node', '*.log'])).toBeNull();
  });

  it('reports the first broken line', () => {
    expect(findIgnoreLinesIssue(['# Logs', '*.log', ' *.log '])).toEqual({
      index: 2,
      issue: 'IGNORE_PATTERN_DUPLICATE',
    });
    expect(findIgnoreLinesIssue(['ok', 'x'.repeat(501)])).toEqual({
      index: 1,
      issue: 'IGNORE_PATTERN_TOO_LONG',
    });
    expect(findIgnoreLinesIssue(['x'.repeat(65_537)])).toEqual({
      index: 0,
      issue: 'GLOB_PATTERN_TOO_LONG',
    });
    const tooMany = Array.from({ length: IGNORE_PATTERN_LINES_MAX + 1 }, (_, i) => `f${i}`);
    expect(findIgnoreLinesIssue(tooMany)?.issue).toBe('IGNORE_PATTERNS_TOO_MANY');
  });

  it('carries the code in the zod message', () => {
    const result = updateSettingsBodySchema.safeParse({ globalIgnorePatterns: ['a', 'a'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^IGNORE_PATTERN_DUPLICATE\|/);
    expect(result.error?.issues[0]?.path).toEqual(['globalIgnorePatterns', 1]);
  });
});

describe('parseGitignoreTemplate', () => {
  it('names categories after the first line of each comment run', () => {
    const text = [
      'patterns-before-any-header',
      '',
      '# Logs',
      'logs',
      '*.log',
      '',
      '# PyInstaller',
      '#  Usually these files are written by a python script from a template',
      '*.manifest',
      '',
      '# PyCharm',
      '#  JetBrains specific template is maintained elsewhere',
      '#.idea/',
      '',
      '# Logs',
      'npm-debug.log*',
      '# Bower dependency directory (https://bower.io/)',
      'bower_components',
    ].join('\r\n');
    expect(parseGitignoreTemplate('Python', text)).toEqual([
      { category: 'Python', patterns: ['patterns-before-any-header'] },
      { category: 'Logs', patterns: ['logs', '*.log', 'npm-debug.log*'] },
      { category: 'PyInstaller', patterns: ['*.manifest'] },
      { category: 'Bower dependency directory', patterns: ['bower_components'] },
    ]);
  });
});

describe('CORE_SYSTEM_IGNORE_PATTERNS', () => {
  it('is a valid, categorised list', () => {
    expect(findIgnoreLinesIssue(CORE_SYSTEM_IGNORE_PATTERNS)).toBeNull();
    const categories = parseIgnoreCategories(CORE_SYSTEM_IGNORE_PATTERNS);
    expect(categories.find((c) => c.category === CUSTOM_IGNORE_CATEGORY)).toBeUndefined();
    expect(categories.map((c) => c.category)).toContain('Version control');
    expect(categories.flatMap((c) => c.patterns)).toEqual(
      expect.arrayContaining(['.git/', 'node_modules/', 'package-lock.json', '.DS_Store', '*.png']),
    );
  });
});

describe('gitignoreTemplateNamesAnswerSchema', () => {
  it('accepts both shapes of the name list', () => {
    expect(gitignoreTemplateNamesAnswerSchema.parse(['Node'])).toEqual(['Node']);
    expect(gitignoreTemplateNamesAnswerSchema.parse({ templates: ['Go'] })).toEqual(['Go']);
    expect(gitignoreTemplateNamesAnswerSchema.safeParse({ names: [] }).success).toBe(false);
  });
});

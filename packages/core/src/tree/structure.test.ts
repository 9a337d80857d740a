import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import { STRUCTURE_BUDGET_SHARE } from '../limits';
import { countCl100k } from '../tokens/count-cl100k.js';
import { fetchMetadata } from './metadata';
import { withHiddenEntries, hiddenReason } from './hidden';
import { renderTree } from './render';
import { scanProject } from './scan';
import {
  AUTO_STRUCTURE,
  estimateStructureTokens,
  renderStructure,
  renderedBytes,
  resolveStructureMode,
  utf8Length,
} from './structure';

async function project(files: Record<string, string>) {
  const scan = await scanProject(new MemoryFileProvider(files), 'demo', {
    corePatterns: ['node_modules/'],
  });
  return scan;
}

const FILES: Record<string, string> = {
  '.gitignore': '*.log\n',
  'packages/a/src/index.ts': 'a',
  'packages/a/src/util.ts': 'a',
  'packages/b/src/index.ts': 'b',
  'packages/b/README.md': 'b',
  'docs/guide.md': 'g',
  'debug.log': 'x',
  'node_modules/x/i.js': 'x',
};

const FOLDERS_CONTEXT = { fileCount: 0, selectedFiles: [], budget: 1 };

describe('renderStructure', () => {
  it('whole: the tree as before; selected: the selected files, their folders, one line for the rest', async () => {
    const { root, files } = await project(FILES);
    const context = {
      root,
      fileCount: files.length,
      selectedFiles: ['packages/a/src/index.ts'],
      budget: 1_000_000,
    };
    expect(renderStructure({ kind: 'whole' }, context)).toBe(renderTree(root));
    expect(renderStructure({ kind: 'selected' }, context)).toBe(
      [
        'demo/',
        '└── packages/',
        '    └── a/',
        '        └── src/',
        '            └── index.ts',
        '(5 more project files not shown)',
      ].join('\n'),
    );
    expect(renderStructure({ kind: 'folders', depth: 1 }, context)).toBe(
      ['demo/', '├── docs/', '└── packages/'].join('\n'),
    );
    expect(renderStructure({ kind: 'folders', depth: 2 }, context)).toContain('    ├── a/');
  });

  it('walks a tree again only for another mode, budget or selection, not for an equal one', async () => {
    const { root, files } = await project(FILES);
    const context = { root, fileCount: files.length, budget: 1_000_000 };
    const selected = () => ({ ...context, selectedFiles: ['docs/guide.md'] });
    const first = renderStructure(AUTO_STRUCTURE, selected());
    expect(first).toContain('docs/');
    // Each count builds its list of selected files anew: an equal list finds the text kept.
    const docs = root.children!.find((node) => node.name === 'docs')!;
    docs.name = 'manual';
    expect(renderStructure(AUTO_STRUCTURE, selected())).toBe(first);
    expect(renderStructure({ kind: 'selected' }, selected())).toContain('manual/');
    const other = { ...context, selectedFiles: ['docs/guide.md', 'packages/b/README.md'] };
    expect(renderStructure(AUTO_STRUCTURE, other)).toContain('manual/');
    expect(renderStructure(AUTO_STRUCTURE, { ...selected(), budget: 999_999 })).toContain(
      'manual/',
    );
  });

  it('auto: the whole tree within 5 % of the budget, the selected files above it', async () => {
    const { root, files } = await project(FILES);
    const whole = estimateStructureTokens(renderTree(root));
    const fits = whole / STRUCTURE_BUDGET_SHARE;
    const context = { root, fileCount: files.length, selectedFiles: ['docs/guide.md'] };
    expect(renderStructure({ kind: 'auto' }, { ...context, budget: fits })).toBe(renderTree(root));
    expect(renderStructure({ kind: 'auto' }, { ...context, budget: fits - 1 })).toBe(
      renderStructure({ kind: 'selected' }, { ...context, budget: fits - 1 }),
    );
  });

  it('auto stays within 5 % of the budget: the selected files’ folders when their files do not fit', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`pkg/src/area-${i % 10}/deep/module-${i}.ts`] = 'x';
    for (let i = 0; i < 300; i++) files[`other/file-${i}.ts`] = 'x';
    const { root, files: kept } = await project(files);
    const selectedFiles = kept.map((f) => f.path).filter((p) => p.startsWith('pkg/'));
    const context = { root, fileCount: kept.length, selectedFiles };
    const selectedCost = estimateStructureTokens(
      renderStructure({ kind: 'selected' }, { ...context, budget: 1 }),
    );
    // A budget whose 5 % holds the folders but not the 300 selected file names.
    const budget = selectedCost / 2 / STRUCTURE_BUDGET_SHARE;
    const resolved = resolveStructureMode({ kind: 'auto' }, { ...context, budget });
    expect(resolved).toEqual({ kind: 'selected-folders', depth: 4 });
    const text = renderStructure({ kind: 'auto' }, { ...context, budget });
    expect(text).toBe(
      [
        'demo/',
        '└── pkg/',
        '    └── src/',
        ...Array.from({ length: 10 }, (_, i) => [
          `        ${i === 9 ? '└' : '├'}── area-${i}/`,
          `        ${i === 9 ? ' ' : '│'}   └── deep/`,
        ]).flat(),
        '(300 selected files in these folders; 600 project files not shown)',
      ].join('\n'),
    );
    expect(countCl100k(text)).toBeLessThanOrEqual(STRUCTURE_BUDGET_SHARE * budget);
    // With almost no budget, the root line and the count line are what is left.
    expect(renderStructure({ kind: 'auto' }, { ...context, budget: 100 })).toBe(
      'demo/\n└── pkg/\n(300 selected files in these folders; 600 project files not shown)',
    );
  });

  it('auto takes the deepest folder depth that fits, at every budget', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`a${i % 3}/b${i % 5}/c${i % 7}/d/e${i}/f.ts`] = 'x';
    const { root, files: kept } = await project(files);
    const selectedFiles = kept.map((f) => f.path);
    const context = { root, fileCount: kept.length, selectedFiles };
    const line = `\n(${selectedFiles.length} selected files in these folders; ${kept.length} project files not shown)`;
    const cost = (depth: number) =>
      estimateStructureTokens(
        renderStructure({ kind: 'folders', depth }, { ...context, budget: 1 }) + line,
      );
    const seen = new Set<number>();
    for (let budget = 100; budget < 20_000; budget += 97) {
      const resolved = resolveStructureMode({ kind: 'auto' }, { ...context, budget });
      if (resolved.kind !== 'selected-folders') continue;
      // The deepest that fits, as a walk from the deepest folder up finds it.
      let expected = 1;
      for (let depth = 5; depth > 1; depth--) {
        if (cost(depth) <= STRUCTURE_BUDGET_SHARE * budget) {
          expected = depth;
          break;
        }
      }
      expect(resolved).toEqual({ kind: 'selected-folders', depth: expected });
      seen.add(expected);
    }
    // Budgets that end at several depths (the deepest one shows every folder: 'selected' fits first).
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('weighs a tree without writing it: the bytes of its rendering, folders-only at each depth', async () => {
    const { root } = await project({
      ...FILES,
      'a/b/c/d/file-1.ts': 'x',
      'x/ÿ-ünïcode.md': 'u',
      'x/y/😀.md': 'e',
      'z/€/only.txt': 'z',
    });
    expect(renderedBytes(root)).toBe(utf8Length(renderTree(root)));
    for (let depth = 1; depth <= 6; depth++) {
      const text = renderStructure({ kind: 'folders', depth }, { ...FOLDERS_CONTEXT, root });
      expect(renderedBytes(root, depth)).toBe(utf8Length(text));
    }
  });

  it('counts UTF-8 bytes as TextEncoder writes them', () => {
    const encoder = new TextEncoder();
    for (const text of [
      '',
      'abc',
      'ÿ-ünï',
      '└── €',
      '😀x',
      '\ud800',
      'a\udc00b',
      '\ud83d\ud83d\ude00',
    ]) {
      expect(utf8Length(text)).toBe(encoder.encode(text).length);
    }
  });

  it('its estimate of a tree stays above the exact cl100k count', async () => {
    const { root } = await project({ ...FILES, 'a/b/c/d/file-1.ts': 'x', 'x/ÿ-ünïcode.md': 'u' });
    const text = renderTree(root);
    expect(estimateStructureTokens(text)).toBeGreaterThanOrEqual(countCl100k(text));
  });
});

describe('Show ignored and the metadata stage', () => {
  it('adds hidden entries, flagged, beside the kept ones, with their reasons', async () => {
    const { root, hidden } = await project(FILES);
    const shown = withHiddenEntries(root, hidden);
    const names = shown.children!.map((c) => `${c.name}${c.hidden ? ' (hidden)' : ''}`);
    expect(names).toEqual([
      'docs',
      'node_modules (hidden)',
      'packages',
      '.gitignore',
      'debug.log (hidden)',
    ]);
    const reason = (path: string) => hiddenReason(hidden.find((h) => h.path === path)!.reason());
    expect(reason('debug.log')).toEqual({
      kind: 'gitignore',
      file: '.gitignore',
      line: 1,
      pattern: '*.log',
    });
    expect(reason('node_modules')).toEqual({ kind: 'core', line: 1, pattern: 'node_modules/' });
    expect(root.children!.some((c) => c.hidden)).toBe(false);
  });

  it('fills sizes and mtimes of the kept files only, after the listing', async () => {
    const provider = new MemoryFileProvider({ 'a.ts': { content: 'abc', mtime: 7 }, 'b.log': 'x' });
    const { files } = await scanProject(provider, 'p', { globalPatterns: ['*.log'] });
    const asked: string[] = [];
    await fetchMetadata(
      files,
      async (path) => {
        asked.push(path);
        const entry = (await provider.list('')).find((e) => e.name === path)!;
        return { size: entry.size, mtime: entry.mtime };
      },
      { concurrency: 4 },
    );
    expect(asked).toEqual(['a.ts']);
    expect(files[0]).toMatchObject({ path: 'a.ts', size: 3, mtime: 7 });
  });
});

import { describe, expect, it } from 'vitest';
import { visibleFiles, toggleChangesFilter, toggleSelectionFilter } from './filter';
import {
  addChangedFiles,
  addSearchMatches,
  pruneSelection,
  replaceWithChangedFiles,
  searchFiles,
  toggleDirectory,
  toggleFile,
  toggleSelectAll,
} from './selection';

const all = ['src/App.tsx', 'src/lib/util.ts', 'src/lib/api.ts', 'README.md'];

describe('selection rules', () => {
  it('select all selects every file, and deselects when all are selected', () => {
    const first = toggleSelectAll(all, new Set());
    expect(first).toEqual({ ok: true, selected: new Set(all) });
    expect(toggleSelectAll(all, new Set(all))).toEqual({ ok: true, selected: new Set() });
  });

  it('refuses select all above the maximum', () => {
    expect(toggleSelectAll(all, new Set(), 3)).toEqual({ ok: false, reason: 'limit', max: 3 });
  });

  it('toggles a directory: all selected -> none, otherwise all', () => {
    const dir = ['src/lib/util.ts', 'src/lib/api.ts'];
    const partial = toggleDirectory(dir, new Set(['src/lib/util.ts', 'README.md']));
    expect(partial).toEqual({ ok: true, selected: new Set([...dir, 'README.md']) });
    const full = toggleDirectory(dir, new Set([...dir, 'README.md']));
    expect(full).toEqual({ ok: true, selected: new Set(['README.md']) });
    expect(toggleDirectory(dir, new Set(['README.md']), 2)).toMatchObject({ ok: false, max: 2 });
  });

  it('adds one file unless the limit is reached; removing always works', () => {
    expect(toggleFile('README.md', new Set(['src/App.tsx']), 1)).toMatchObject({
      ok: false,
      reason: 'limit',
    });
    expect(toggleFile('src/App.tsx', new Set(['src/App.tsx']), 1)).toEqual({
      ok: true,
      selected: new Set(),
    });
  });

  it('adds or replaces with changed files within the limit', () => {
    const changed = ['src/lib/api.ts', 'README.md'];
    expect(addChangedFiles(changed, new Set(['src/App.tsx']))).toEqual({
      ok: true,
      selected: new Set(['src/App.tsx', ...changed]),
    });
    expect(addChangedFiles(changed, new Set(['src/App.tsx']), 2)).toMatchObject({
      ok: false,
      max: 2,
    });
    expect(replaceWithChangedFiles(changed)).toEqual({ ok: true, selected: new Set(changed) });
    expect(replaceWithChangedFiles(changed, 1)).toMatchObject({ ok: false, reason: 'limit' });
  });

  it('searches paths case-insensitively and adds the matches', () => {
    expect(searchFiles(all, 'LIB/')).toEqual(['src/lib/util.ts', 'src/lib/api.ts']);
    expect(addSearchMatches(all, 'app', new Set())).toEqual({
      ok: true,
      selected: new Set(['src/App.tsx']),
    });
    expect(addSearchMatches(all, 'nothing', new Set())).toEqual({ ok: false, reason: 'no-match' });
    expect(addSearchMatches(all, 'src', new Set(), 2)).toMatchObject({
      ok: false,
      reason: 'limit',
    });
  });

  it('drops vanished files from the selection', () => {
    const selected = new Set(['README.md', 'gone.ts']);
    expect(pruneSelection(selected, new Set(all))).toEqual(new Set(['README.md']));
    const kept = new Set(['README.md']);
    expect(pruneSelection(kept, new Set(all))).toBe(kept);
  });
});

describe('filters', () => {
  const selected = new Set(['src/App.tsx']);
  const changed = new Set(['README.md', 'src/lib/api.ts']);
  const base = { selectionFilter: false, changesFilter: false, search: '' };

  it('gives the selection filter priority over the changes filter, then applies search', () => {
    expect(visibleFiles(all, base, selected, changed)).toEqual(all);
    expect(visibleFiles(all, { ...base, changesFilter: true }, selected, changed)).toEqual([
      'src/lib/api.ts',
      'README.md',
    ]);
    expect(
      visibleFiles(all, { ...base, changesFilter: true, selectionFilter: true }, selected, changed),
    ).toEqual(['src/App.tsx']);
    expect(
      visibleFiles(all, { ...base, changesFilter: true, search: 'READ' }, selected, changed),
    ).toEqual(['README.md']);
  });

  it('turns one filter off when the other is toggled on', () => {
    const changes = toggleChangesFilter(base);
    expect(changes).toMatchObject({ changesFilter: true, selectionFilter: false });
    expect(toggleSelectionFilter(changes)).toMatchObject({
      changesFilter: false,
      selectionFilter: true,
    });
  });
});

import 'fake-indexeddb/auto';
import { indexFile, indexFileHashed } from '@promptloom/core';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { IndexBuild } from './suggest-index-build';
import { clearSuggestIndex, IndexCache } from './suggest-index-cache';

interface Disk {
  [path: string]: { text: string; mtime: number };
}

/**
 * One visit of the page: a fresh worker's build (nothing in memory), answering its `need`
 * from `disk` as the page would, until `ready`. Records what was read and indexed.
 */
async function visit(disk: Disk, scope = 'v|demo') {
  const read: string[] = [];
  const indexed: string[] = [];
  let summary: { files: number; reused: number; indexed: number } | null = null;
  let build!: IndexBuild;
  const done = new Promise<void>((resolve) => {
    build = new IndexBuild(
      (path, text) => {
        indexed.push(path);
        return indexFileHashed({ path, text });
      },
      {
        need(paths) {
          read.push(...paths);
          const files = paths.map((path) => ({
            path,
            file: new File([disk[path]!.text], path, { lastModified: disk[path]!.mtime }),
          }));
          void build.add(1, files);
        },
        progress: () => {},
        ready(result) {
          summary ??= result;
          resolve();
        },
      },
    );
  });
  const listed = Object.entries(disk).map(([path, { text, mtime }]) => ({
    path,
    size: new TextEncoder().encode(text).length,
    mtime,
  }));
  await build.open(1, scope, listed);
  await done;
  // The write follows `ready` on the build's chain: wait for it as a page would not need to.
  await build.open(2, scope, listed);
  return { read: read.sort(), indexed: indexed.sort(), summary: summary!, build };
}

describe('the suggestion index cache', () => {
  it('re-indexes a changed file on the next visit and reuses the others unread', async () => {
    await clearSuggestIndex();
    const disk: Disk = {
      'src/parse.ts': { text: 'export function parseArgs(argv: string[]) {}\n', mtime: 1000 },
      'src/run.ts': { text: 'import { parseArgs } from "./parse";\n', mtime: 1000 },
      'README.md': { text: '# Demo\n', mtime: 1000 },
    };
    const first = await visit(disk);
    expect(first.indexed).toEqual(['README.md', 'src/parse.ts', 'src/run.ts']);
    expect(first.summary).toEqual({ files: 3, reused: 0, indexed: 3 });

    disk['src/run.ts'] = {
      text: 'import { parseArgs } from "./parse";\nparseArgs([]);\n',
      mtime: 2000,
    };
    const second = await visit(disk);
    expect(second.read).toEqual(['src/run.ts']);
    expect(second.indexed).toEqual(['src/run.ts']);
    expect(second.summary).toEqual({ files: 3, reused: 2, indexed: 1 });
    const run = second.build.entries().find((entry) => entry.path === 'src/run.ts');
    expect(run).toEqual(indexFile({ path: 'src/run.ts', text: disk['src/run.ts'].text }));
  });

  it('reads a file touched without a change but does not index it again', async () => {
    await clearSuggestIndex();
    const disk: Disk = { 'a.py': { text: 'def load_config():\n    pass\n', mtime: 5 } };
    await visit(disk);
    disk['a.py'] = { ...disk['a.py']!, mtime: 6 };
    const touched = await visit(disk);
    expect(touched.read).toEqual(['a.py']);
    expect(touched.indexed).toEqual([]);
    // The new mtime is kept: the visit after it reads nothing.
    const after = await visit(disk);
    expect(after.read).toEqual([]);
  });

  it('forgets a deleted file and keeps scopes apart', async () => {
    await clearSuggestIndex();
    const disk: Disk = {
      'keep.go': { text: 'package main\nfunc Keep() {}\n', mtime: 1 },
      'gone.go': { text: 'package main\nfunc Gone() {}\n', mtime: 1 },
    };
    await visit(disk);
    delete disk['gone.go'];
    const after = await visit(disk);
    expect(after.build.entries().map((entry) => entry.path)).toEqual(['keep.go']);
    const other = await visit(disk, 'v|other');
    expect(other.indexed).toEqual(['keep.go']);
  });

  it('keeps one packed record per project, holding no text of the files', async () => {
    await clearSuggestIndex();
    const secret = 'a_value_only_in_the_text_of_the_file';
    const disk: Disk = {
      'a.ts': { text: `export function alpha() { return "${secret}"; }\n`, mtime: 1 },
      'b.ts': { text: 'export function beta() {}\n', mtime: 1 },
    };
    await visit(disk, 'v|one');
    await visit(disk, 'v|two');
    const database = await openDB('promptloom-suggest-index');
    expect(await database.getAllKeys('projects')).toEqual(['v|one', 'v|two']);
    const stored = JSON.stringify(await database.get('projects', 'v|one'));
    database.close();
    expect(stored).toContain('alpha');
    expect(stored).not.toContain(secret);
  });

  it("deletes a project's index of an earlier kind of entries, not other projects'", async () => {
    await clearSuggestIndex();
    const disk: Disk = { 'a.ts': { text: 'export function alpha() {}\n', mtime: 1 } };
    await visit(disk, 'v1|one');
    await visit(disk, 'v1|two');
    const upgraded = await visit(disk, 'v2|one');
    expect(upgraded.indexed).toEqual(['a.ts']);
    const database = await openDB('promptloom-suggest-index');
    expect(await database.getAllKeys('projects')).toEqual(['v1|two', 'v2|one']);
    database.close();
  });

  it('drops the per-file records an earlier version kept, and builds the packed one', async () => {
    await clearSuggestIndex();
    (await openDB('promptloom-suggest-index')).close();
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase('promptloom-suggest-index');
      request.onsuccess = resolve;
    });
    const old = await openDB('promptloom-suggest-index', 1, {
      upgrade: (database) => database.createObjectStore('files'),
    });
    await old.put('files', { size: 1, mtime: 1, hash: '', entry: null }, 'v|old\u0000a.ts');
    old.close();
    const disk: Disk = { 'a.ts': { text: 'export const a = 1;\n', mtime: 1 } };
    const first = await visit(disk, 'v|old');
    expect(first.indexed).toEqual(['a.ts']);
    const database = await openDB('promptloom-suggest-index');
    expect([...database.objectStoreNames]).toEqual(['projects']);
    database.close();
  });

  it('reads the stored index ahead of the list of files, once', async () => {
    await clearSuggestIndex();
    const disk: Disk = { 'a.ts': { text: 'export const a = 1;\n', mtime: 1 } };
    await visit(disk);
    const opened: string[] = [];
    const needed: string[] = [];
    const build = new IndexBuild(
      (path, text) => indexFileHashed({ path, text }),
      { need: (paths) => needed.push(...paths), progress: () => {}, ready: () => {} },
      (scope) => {
        opened.push(scope);
        return IndexCache.open(scope);
      },
    );
    await build.preload('v|demo');
    expect(opened).toEqual(['v|demo']);
    expect(build.entries().map((entry) => entry.path)).toEqual(['a.ts']);
    await build.open(1, 'v|demo', [{ path: 'a.ts', size: 20, mtime: 1 }]);
    expect(opened).toEqual(['v|demo']);
    expect(needed).toEqual([]);
  });
});

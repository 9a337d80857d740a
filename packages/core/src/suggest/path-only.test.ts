import { describe, expect, it } from 'vitest';
import { FILE_SIZE_LIMIT_BYTES } from '../limits';
import { indexedByPath, pathOnlyEntry } from './path-only';
import { buildProjectIndex } from './project-index';
import { indexFile } from './index-file';
import { rankFiles } from './rank';

describe('indexedByPath', () => {
  it('takes lock files and the data, maps and bundles of demoted roles', () => {
    for (const path of [
      'package-lock.json',
      'sub/yarn.lock',
      'pnpm-lock.yaml',
      'deno.lock',
      'assets/logo.svg',
      'benchsuite/runs/2016-09-17/summary.csv',
      'test/fixtures/es2015/output.json',
      'src/__snapshots__/render.ts.snap',
      'lib/ru/diagnosticMessages.generated.json',
      'build/app.js.map',
      'vendor/jquery.min.js',
      'public/app.bundle.js',
      'static/data/cities.json',
    ]) {
      expect(indexedByPath(path, 1000), path).toBe(true);
    }
  });

  it('reads code, style sheets, configuration and docs, whatever their folder', () => {
    for (const path of [
      'src/index.ts',
      'package.json',
      'tsconfig.json',
      'config/settings.yaml',
      'Cargo.toml',
      'src/generated/index.ts',
      'build/app.js',
      'test/fixtures/es2015/input.js',
      'assets/site.css',
      'styles/main.scss',
      'docs/guide.md',
      'notes.txt',
      'src/locks.ts',
    ]) {
      expect(indexedByPath(path, 1000), path).toBe(false);
    }
  });

  it('leaves out what the index leaves out anyway: too large or binary', () => {
    expect(indexedByPath('assets/world.geojson', FILE_SIZE_LIMIT_BYTES + 1)).toBe(false);
    expect(indexedByPath('assets/logo.png', 1000)).toBe(false);
  });
});

describe('pathOnlyEntry', () => {
  it('leaves the mean length BM25 weighs by to the files read', () => {
    const read = indexFile({ path: 'src/a.ts', text: 'export const alpha = beta(gamma);\n' });
    const index = buildProjectIndex([read, pathOnlyEntry('assets/logo.svg')]);
    expect(index.meanLength).toBe(read.length);
  });

  it('is the entry of an empty text, found by its path words', () => {
    expect(pathOnlyEntry('assets/logo.svg')).toEqual({
      ...indexFile({ path: 'assets/logo.svg', text: '' }),
      unread: true,
    });
    const index = buildProjectIndex([
      indexFile({ path: 'src/header.ts', text: 'export function header() { return logo(); }\n' }),
      pathOnlyEntry('assets/brand-logo.svg'),
    ]);
    const ranked = rankFiles('replace the brand logo svg', index).map((file) => file.path);
    expect(ranked).toContain('assets/brand-logo.svg');
  });
});

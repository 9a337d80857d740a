import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFileProvider } from '../node/file-provider';
import { removeFile, touch, writeFixture, writeText } from '../node/test-fixture';
import { scanProject } from '../tree/scan';
import { buildTreeIndex, snapshotOf } from '../tree/tree-index';
import { descendantChanges, detectChanges } from './changes';

let fixture: Awaited<ReturnType<typeof writeFixture>>;
const stats = async () =>
  buildTreeIndex((await scanProject(new NodeFileProvider(fixture.dir), 'p')).root).stats;

beforeAll(async () => {
  fixture = await writeFixture({
    'same.ts': 'same',
    'size.ts': 'short',
    'time.ts': 'time',
    'gone.ts': 'gone',
    'lib/deep/x.ts': 'x',
  });
  for (const path of ['same.ts', 'size.ts', 'time.ts', 'gone.ts', 'lib/deep/x.ts']) {
    await touch(fixture.dir, path, 1_700_000_000);
  }
});
afterAll(() => fixture.cleanup());

describe('detectChanges', () => {
  it('has no changes without a snapshot', async () => {
    const changes = detectChanges(await stats(), null);
    expect(changes).toMatchObject({ added: [], modified: [], removed: [] });
    expect(changes.status.size).toBe(0);
  });

  it('flags added and modified (by size, by mtime), lists removed, ignores unchanged', async () => {
    const snapshot = snapshotOf(
      buildTreeIndex((await scanProject(new NodeFileProvider(fixture.dir), 'p')).root),
    );
    await writeText(fixture.dir, 'size.ts', 'much longer now');
    await touch(fixture.dir, 'size.ts', 1_700_000_000);
    await touch(fixture.dir, 'time.ts', 1_700_000_100);
    await removeFile(fixture.dir, 'gone.ts');
    await writeText(fixture.dir, 'lib/deep/new.ts', 'new');

    const changes = detectChanges(await stats(), snapshot);
    expect(changes.added).toEqual(['lib/deep/new.ts']);
    expect(changes.modified.sort()).toEqual(['size.ts', 'time.ts']);
    expect(changes.removed).toEqual(['gone.ts']);
    expect([...changes.status]).toEqual(
      expect.arrayContaining([
        ['lib/deep/new.ts', 'added'],
        ['size.ts', 'modified'],
        ['time.ts', 'modified'],
      ]),
    );
    expect(changes.status.has('same.ts')).toBe(false);
    expect(changes.status.has('gone.ts')).toBe(false);
    const dirs = descendantChanges(changes.status);
    expect(dirs.get('lib')).toBe(true);
    expect(dirs.get('lib/deep')).toBe(true);
    expect(dirs.get('')).toBe(true);
  });
});

import type * as FsPromises from 'node:fs/promises';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefusedOnDisk, writeSafely } from '../src/apply/safe-fs';
import { tempDir } from './support';

/** Runs once, between the last check of a write and its `open`: the tightest race there is. */
const race = vi.hoisted(() => ({ beforeOpen: null as null | (() => Promise<void>) }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const open: typeof fs.open = async (...args) => {
    const hook = race.beforeOpen;
    race.beforeOpen = null;
    await hook?.();
    return fs.open(...args);
  };
  return { ...fs, open, default: { ...fs, open } };
});

afterEach(() => {
  race.beforeOpen = null;
});

async function folders() {
  return {
    root: await tempDir('promptloom-race-'),
    outside: await tempDir('promptloom-outside-'),
  };
}

const bytes = new TextEncoder().encode('written by the apply\n');

describe('a link swapped in after the last check, before the open', () => {
  it('is not followed at the end of the path (O_NOFOLLOW)', async () => {
    const { root, outside } = await folders();
    await writeFile(join(root, 'notes.md'), 'notes\n');
    await writeFile(join(outside, 'keys'), 'keys\n');
    race.beforeOpen = async () => {
      await rm(join(root, 'notes.md'));
      await symlink(join(outside, 'keys'), join(root, 'notes.md'));
    };
    await expect(writeSafely(root, 'notes.md', bytes)).rejects.toBeInstanceOf(RefusedOnDisk);
    expect(await readFile(join(outside, 'keys'), 'utf8')).toBe('keys\n');
  });

  it('on the way to an existing file: the opened file is not the one checked, nothing is truncated', async () => {
    const { root, outside } = await folders();
    await mkdir(join(root, 'sub'));
    await writeFile(join(root, 'sub/b.txt'), 'b\n');
    await writeFile(join(outside, 'b.txt'), 'outside\n');
    race.beforeOpen = async () => {
      await rename(join(root, 'sub'), join(root, 'moved'));
      await symlink(outside, join(root, 'sub'));
    };
    await expect(writeSafely(root, 'sub/b.txt', bytes)).rejects.toThrow(
      'sub/b.txt: sub is a symbolic link',
    );
    expect(await readFile(join(outside, 'b.txt'), 'utf8')).toBe('outside\n');
  });

  it.runIf(process.platform === 'linux')(
    'on the way to a new file: the file created outside is seen (/proc/self/fd) and removed',
    async () => {
      const { root, outside } = await folders();
      await mkdir(join(root, 'sub'));
      race.beforeOpen = async () => {
        await rename(join(root, 'sub'), join(root, 'moved'));
        await symlink(outside, join(root, 'sub'));
      };
      await expect(writeSafely(root, 'sub/new.txt', bytes)).rejects.toThrow(
        'sub/new.txt: sub is a symbolic link',
      );
      expect(await readdir(outside)).toEqual([]);
    },
  );
});

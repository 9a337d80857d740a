import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes a project folder in a temp dir for a test; returns its path and a cleanup. */
export async function writeFixture(
  files: Record<string, string | Uint8Array>,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'promptloom-'));
  for (const [path, content] of Object.entries(files)) {
    const absolute = join(dir, path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, content);
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Sets a file's mtime (seconds since epoch) so change detection sees a modification. */
export async function touch(dir: string, path: string, mtimeSeconds: number): Promise<void> {
  await utimes(join(dir, path), mtimeSeconds, mtimeSeconds);
}

export async function writeText(dir: string, path: string, content: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

export async function removeFile(dir: string, path: string): Promise<void> {
  await rm(join(dir, path));
}

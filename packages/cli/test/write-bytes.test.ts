import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBytes } from '../src/lib/write-bytes';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('writeBytes', () => {
  it('writes the chunks in order over an older, longer file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'promptloom-bytes-'));
    const file = join(dir, 'out.xml');
    await writeFile(file, 'x'.repeat(100_000));
    const chunks = [Buffer.from('<files>\n'), new Uint8Array(0), Buffer.from('é 😀 '.repeat(9000))];
    writeBytes(file, chunks);
    expect((await readFile(file)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('fails as writeFileSync does where the file cannot be written', () => {
    expect(() => writeBytes(join(tmpdir(), 'no-such-folder-promptloom', 'out'), [])).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBytes } from '../src/lib/write-bytes';
import { tempDir } from './support';

describe('writeBytes', () => {
  it('writes the chunks in order over an older, longer file', async () => {
    const dir = await tempDir('promptloom-bytes-');
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

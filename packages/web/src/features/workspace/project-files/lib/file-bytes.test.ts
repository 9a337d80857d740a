import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import { describe, expect, it, vi } from 'vitest';
import { readFileBytes, readFileText } from './file-bytes';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A file whose announced size is not what it holds now (it changed since it was picked). */
function changedSincePicked(content: string, announcedSize: number): File {
  const file = new File([content], 'changed.txt');
  Object.defineProperty(file, 'size', { value: announcedSize });
  return file;
}

describe('readFileBytes', () => {
  it('gives each of the files read together its own bytes', async () => {
    const contents = ['first\n', '', 'déjà vu – ünïcode\n', 'x'.repeat(300_000), 'last'];
    const files = contents.map((content, i) => new File([content], `f${i}.txt`));
    const read = await Promise.all(files.map(readFileBytes));
    expect(read.map(text)).toEqual(contents);
    expect(read.map((bytes) => bytes.length)).toEqual(files.map((file) => file.size));
  });

  it('reads file by file when a group does not come back at the size its files announced', async () => {
    const changed = changedSincePicked('grown since it was picked', 3);
    const files = [new File(['before'], 'a.txt'), changed, new File(['after'], 'b.txt')];
    const read = await Promise.all(files.map(readFileBytes));
    expect(read.map(text)).toEqual(['before', 'grown since it was picked', 'after']);
  });
});

describe('readFileText', () => {
  it('gives each file read together its text, a binary or too large one its reason', async () => {
    const files = [
      new File(['\uFEFFfirst\n'], 'a.txt'),
      new File([new Uint8Array([104, 0, 105])], 'nul.txt'),
      new File(['déjà vu – ünïcode\n'], 'b.txt'),
      new File(['y'.repeat(2_000)], 'big.txt'),
      new File([''], 'empty.txt'),
    ];
    const read = await Promise.all(files.map((file) => readFileText(file, 1_000)));
    expect(read).toEqual([
      { text: 'first\n' },
      { skip: 'binary' },
      { text: 'déjà vu – ünïcode\n' },
      { skip: 'too-large' },
      { text: '' },
    ]);
  });

  it('starts reading a full group at once, the rest at the end of the task', async () => {
    const read = vi.spyOn(Blob.prototype, 'arrayBuffer');
    try {
      // Two files fill a group; the third starts the next, which waits for the task's end.
      const half = 'h'.repeat(FILE_READ_GROUP_BYTES / 2);
      const files = [half, half, 'rest'].map((content, i) => new File([content], `g${i}.txt`));
      const reading = Promise.all(files.map((file) => readFileText(file, FILE_READ_GROUP_BYTES)));
      await Promise.resolve();
      expect(read).toHaveBeenCalledTimes(1);
      expect(await reading).toEqual([{ text: half }, { text: half }, { text: 'rest' }]);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      read.mockRestore();
    }
  });

  it('reads bytes and texts asked for in the same task, each as asked', async () => {
    const file = new File(['same file'], 'same.txt');
    const [bytes, decoded] = await Promise.all([readFileBytes(file), readFileText(file, 100)]);
    expect(text(bytes)).toBe('same file');
    expect(decoded).toEqual({ text: 'same file' });
  });

  it('reads file by file when a group does not come back at the size its files announced', async () => {
    const files = [
      new File(['before'], 'a.txt'),
      changedSincePicked('grown since it was picked', 3),
      new File(['after'], 'b.txt'),
    ];
    const read = await Promise.all(files.map((file) => readFileText(file, 1_000)));
    expect(read).toEqual([
      { text: 'before' },
      { text: 'grown since it was picked' },
      { text: 'after' },
    ]);
  });
});

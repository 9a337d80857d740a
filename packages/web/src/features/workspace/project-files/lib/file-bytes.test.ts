import { describe, expect, it } from 'vitest';
import { readFileBytes } from './file-bytes';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('readFileBytes', () => {
  it('gives each of the files read together its own bytes', async () => {
    const contents = ['first\n', '', 'déjà vu – ünïcode\n', 'x'.repeat(300_000), 'last'];
    const files = contents.map((content, i) => new File([content], `f${i}.txt`));
    const read = await Promise.all(files.map(readFileBytes));
    expect(read.map(text)).toEqual(contents);
    expect(read.map((bytes) => bytes.length)).toEqual(files.map((file) => file.size));
  });

  it('reads file by file when a group does not come back at the size its files announced', async () => {
    const changed = new File(['grown since it was picked'], 'changed.txt');
    Object.defineProperty(changed, 'size', { value: 3 });
    const files = [new File(['before'], 'a.txt'), changed, new File(['after'], 'b.txt')];
    const read = await Promise.all(files.map(readFileBytes));
    expect(read.map(text)).toEqual(['before', 'grown since it was picked', 'after']);
  });
});

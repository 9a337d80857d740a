import { describe, expect, it } from 'vitest';
import { groupBySize, readJoined } from './joined-reads';

describe('groupBySize', () => {
  it('keeps the order and starts a group before one would pass the limit', () => {
    const groups = groupBySize([3, 4, 2, 9, 1, 1], (size) => size, 8);
    expect(groups).toEqual([[3, 4], [2], [9], [1, 1]]);
  });

  it('gives nothing for nothing', () => {
    expect(groupBySize([], (size: number) => size, 8)).toEqual([]);
  });
});

describe('readJoined', () => {
  it('reads the files as one buffer and says where each one starts', async () => {
    const contents = ['first\n', '', 'déjà vu\n', 'last'];
    const files = contents.map((content, i) => new File([content], `f${i}.txt`));
    const joined = await readJoined(files);
    const decoded = files.map((file, i) =>
      new TextDecoder().decode(new Uint8Array(joined!.buffer, joined!.offsets[i], file.size)),
    );
    expect(decoded).toEqual(contents);
  });

  it('gives null when the bytes read are not what the files announced', async () => {
    const changed = new File(['grown since it was picked'], 'changed.txt');
    Object.defineProperty(changed, 'size', { value: 3 });
    expect(await readJoined([new File(['a'], 'a.txt'), changed])).toBeNull();
  });
});

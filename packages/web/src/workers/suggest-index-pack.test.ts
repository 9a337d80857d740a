import { indexFile } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { packIndex, type StoredEntry, unpackIndex } from './suggest-index-pack';

describe('the packed index', () => {
  it('gives back every record as it was, files without an entry included', () => {
    const records = new Map<string, StoredEntry>([
      [
        'src/parse.ts',
        {
          size: 46,
          mtime: 1_700_000_000_123,
          hash: 'abc:1a',
          entry: indexFile({
            path: 'src/parse.ts',
            text: 'import { x } from "./x";\nexport function parseArgs(argv: string[]) {}\n',
          }),
        },
      ],
      ['logo.png', { size: 9000, mtime: 5, hash: '', entry: null }],
      [
        'src/long.ts',
        {
          size: 4000,
          mtime: 7,
          hash: 'ghi:2',
          // A file of several passages: its passage data packs and unpacks too.
          entry: indexFile({
            path: 'src/long.ts',
            text: Array.from({ length: 100 }, (_, i) => `export const row${i} = ${i};`).join('\n'),
          }),
        },
      ],
      [
        'lib/run.py',
        {
          size: 30,
          mtime: 6,
          hash: 'def:u',
          entry: indexFile({
            path: 'lib/run.py',
            // A file defining a command-line flag: its flags pack and unpack too.
            text: 'from os import path\nparser.add_argument("--dry-run")\ndef run_all():\n    pass\n',
            tags: { defs: ['run_all'], refs: ['path'] },
          }),
        },
      ],
      [
        'go.mod',
        {
          size: 40,
          mtime: 8,
          hash: 'jkl:3',
          // A go.mod: the module path Go imports start with packs and unpacks too.
          entry: indexFile({ path: 'go.mod', text: 'module github.com/spf13/cobra\n\ngo 1.15\n' }),
        },
      ],
    ]);
    expect(records.get('go.mod')!.entry!.goModule).toBe('github.com/spf13/cobra');
    expect(records.get('src/long.ts')!.entry!.passages?.lengths).toHaveLength(4);
    expect(records.get('lib/run.py')!.entry!.flags).toEqual(['dryrun']);
    const packed = packIndex(records);
    // One value of a few buffers and one text: what IndexedDB clones in one go.
    expect(Object.values(packed).filter((value) => ArrayBuffer.isView(value))).toHaveLength(16);
    expect(unpackIndex(structuredClone(packed))).toEqual(records);
  });

  it('holds nothing for another version of the entries', () => {
    const packed = { ...packIndex(new Map()), v: 0 as never };
    expect(unpackIndex(packed).size).toBe(0);
  });
});

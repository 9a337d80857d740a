import { describe, expect, it } from 'vitest';
import { hashText } from '../tokens/text-hash';
import { indexFile, indexFileHashed } from './index-file';

describe('indexFileHashed', () => {
  it('gives indexFile’s entry and hashText’s hash, past the text indexed too', () => {
    const line = 'export function parseArgs(argv: string[]) { return argv; } // é\n';
    const texts = ['', 'a', 'x = 1\r\n', line, line.repeat(40), line.repeat(9_000)];
    expect(texts.at(-1)!.length).toBeGreaterThan(512 * 1024);
    for (const text of texts) {
      const { entry, hash } = indexFileHashed({ path: 'src/a.ts', text });
      expect(hash).toBe(hashText(text));
      expect(entry).toEqual(indexFile({ path: 'src/a.ts', text }));
    }
  });
});

import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectPacker } from './pack';
import { TokenizerPool } from './token-pool';
import { touch, writeFixture, writeText } from './test-fixture';

let fixture: Awaited<ReturnType<typeof writeFixture>>;
let pool: TokenizerPool;

beforeAll(async () => {
  const files: Record<string, string> = { '.gitignore': 'out/\n', 'out/x.js': 'ignored' };
  for (let i = 0; i < 40; i++) files[`src/m${i}.ts`] = `export const v${i} = ${i};\n`.repeat(20);
  fixture = await writeFixture(files);
  pool = new TokenizerPool(2);
});
afterAll(async () => {
  await pool.close();
  await fixture.cleanup();
});

describe('TokenizerPool', () => {
  it('counts on worker threads like the tokenizer does in-thread', async () => {
    const texts = ['hello world', 'const a = 1;', 'a <|endoftext|> b'];
    const expected = texts.map((t) => countTokens(t, { disallowedSpecial: new Set() }));
    expect(await pool.countMany(texts)).toEqual(expected);
  });
});

describe('ProjectPacker', () => {
  it('packs a folder with an exact whole-prompt count, then re-tokenizes only a changed file', async () => {
    const packer = new ProjectPacker(fixture.dir, { counter: pool });
    const cold = await packer.pack();
    expect(cold.fileCount).toBe(41);
    expect(cold.packedFiles).toBe(41);
    expect(cold.prompt).not.toContain('out/x.js');
    expect(cold.totalTokens).toBe(countTokens(cold.prompt, { disallowedSpecial: new Set() }));

    await writeText(fixture.dir, 'src/m3.ts', 'export const changed = true;\n');
    await touch(fixture.dir, 'src/m3.ts', 1_800_000_000);
    const warm = await packer.pack();
    expect(warm.tokenized).toBe(1);
    expect(warm.prompt).toContain('export const changed = true;');
    expect(warm.totalTokens).toBe(countTokens(warm.prompt, { disallowedSpecial: new Set() }));
    await packer.close();
  });
});

describe('ProjectPacker re-scan', () => {
  it('sees files added, removed and edited in kept listings (directory watches)', async () => {
    const fx = await writeFixture({ 'a/one.ts': 'one\n', 'a/b/two.ts': 'two\n', 'c.ts': 'c\n' });
    const packer = new ProjectPacker(fx.dir, { counter: pool });
    try {
      const first = await packer.pack();
      expect(first.packedFiles).toBe(3);
      await writeFile(join(fx.dir, 'a/b/three.ts'), 'three\n');
      await rm(join(fx.dir, 'c.ts'));
      await mkdir(join(fx.dir, 'd'));
      await writeFile(join(fx.dir, 'd/four.ts'), 'four\n');
      await writeFile(join(fx.dir, 'a/one.ts'), 'one edited\n');
      const second = await packer.pack();
      expect(second.packedFiles).toBe(4);
      expect(second.prompt).toContain('a/b/three.ts');
      expect(second.prompt).toContain('d/four.ts');
      expect(second.prompt).toContain('one edited');
      expect(second.prompt).not.toContain('c.ts');
      expect(second.totalTokens).toBe(countTokens(second.prompt, { disallowedSpecial: new Set() }));
      // Nothing changed: same prompt, nothing re-tokenized.
      const third = await packer.pack();
      expect(third.prompt).toBe(second.prompt);
      expect(third.tokenized).toBe(0);
    } finally {
      await packer.close();
      await fx.cleanup();
    }
  });
});

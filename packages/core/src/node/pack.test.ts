import { get_encoding } from 'tiktoken';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_LOOP_TURN_MS } from '../limits';
import { ProjectPacker } from './pack';
import { loadSuggestIndex } from './suggest-index';
import { TokenizerPool } from './token-pool';
import { touch, writeFixture, writeText } from './test-fixture';

/** The reference: OpenAI's tiktoken, special tokens counted as text. */
const cl100k = get_encoding('cl100k_base');
const tiktokenCount = (text: string) => cl100k.encode_ordinary(text).length;

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
    const expected = texts.map((t) => tiktokenCount(t));
    expect(await pool.countMany(texts)).toEqual(expected);
  });

  it('loads the tokenizer on the first batch when not eager, and counts the same', async () => {
    const lazy = new TokenizerPool(1, 'cl100k_base', { eager: false });
    try {
      const texts = ['hello world', 'const a = 1;', 'a <|endoftext|> b'];
      expect(await lazy.countMany(texts)).toEqual(texts.map((t) => tiktokenCount(t)));
    } finally {
      await lazy.close();
    }
  });

  it('lets the event loop turn once the turn interval has passed, and not again before', async () => {
    // The pool's clock is driven here: a loaded machine can pause this process for longer
    // than the interval between two calls, which real time would take for a second turn.
    let now = performance.now() + 10 * EVENT_LOOP_TURN_MS;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      let turned = false;
      setImmediate(() => (turned = true));
      await pool.breathe();
      expect(turned).toBe(true);
      // Just turned: no second turn while the clock stays within the interval.
      turned = false;
      setImmediate(() => (turned = true));
      now += EVENT_LOOP_TURN_MS - 1;
      // Nothing to wait for, so a caller goes on in the same pass.
      expect(pool.breathe()).toBeUndefined();
      await pool.breathe();
      expect(turned).toBe(false);
      now += 1;
      await pool.breathe();
      expect(turned).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('ProjectPacker', () => {
  it('packs a folder with an exact whole-prompt count, then re-tokenizes only a changed file', async () => {
    const packer = new ProjectPacker(fixture.dir, { counter: pool });
    const cold = await packer.pack();
    expect(cold.fileCount).toBe(41);
    expect(cold.packedFiles).toBe(41);
    expect(cold.prompt).not.toContain('out/x.js');
    expect(cold.totalTokens).toBe(tiktokenCount(cold.prompt));

    await writeText(fixture.dir, 'src/m3.ts', 'export const changed = true;\n');
    await touch(fixture.dir, 'src/m3.ts', 1_800_000_000);
    const warm = await packer.pack();
    expect(warm.tokenized).toBe(1);
    expect(warm.prompt).toContain('export const changed = true;');
    expect(warm.totalTokens).toBe(tiktokenCount(warm.prompt));
    await packer.close();
  });
});

describe('ProjectPacker selection', () => {
  it('writes only the selected files, keeps the whole tree, reports progress and per-file counts', async () => {
    const progress: [number, number][] = [];
    const packer = new ProjectPacker(fixture.dir, {
      counter: pool,
      select: (path) => path === 'src/m1.ts' || path === 'src/m2.ts',
      onProgress: (written, total) => progress.push([written, total]),
    });
    const result = await packer.pack();
    await packer.close();
    expect(result.fileCount).toBe(41);
    expect(result.packedFiles).toBe(2);
    expect(result.prompt).toContain('m39.ts');
    expect(result.prompt).not.toContain('export const v39');
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const counts = packer.fileTokens();
    expect([...counts.keys()].sort()).toEqual(['src/m1.ts', 'src/m2.ts']);
    // A file's piece is its block (header, fence, content): more than the content alone.
    expect(counts.get('src/m2.ts')).toBeGreaterThan(
      tiktokenCount('export const v2 = 2;\n'.repeat(20)),
    );
    expect(counts.get('src/m2.ts')).toBeLessThan(result.totalTokens);
  });
});

describe('ProjectPacker scanFiles', () => {
  it('gives the files a pack selects, counted as after a pack', async () => {
    const fx = await writeFixture({
      'a/one.ts': 'export const one = 1;\n',
      'a/logo.png': 'not text',
      'b/two.py': 'def two():\n    return 2\n',
      'c.md': '# c\n',
    });
    const options = {
      counter: pool,
      watch: false,
      format: 'xml' as const,
      select: (path: string) => path !== 'c.md',
    };
    const packed = new ProjectPacker(fx.dir, options);
    const scanned = new ProjectPacker(fx.dir, options);
    try {
      const { files } = await packed.pack();
      const selected = await scanned.scanFiles();
      // The tree's order, the selection applied; a binary file is selected, never written.
      expect(selected).toEqual(['a/logo.png', 'a/one.ts', 'b/two.py']);
      expect(files).toEqual(['a/one.ts', 'b/two.py']);
      // A file read as binary has no full section: the sections name the files written.
      const full = await scanned.segmentCounts(selected, 'full');
      expect(full).toEqual(await packed.segmentCounts(files, 'full'));
      expect([...full.keys()]).toEqual(files);
      expect(await scanned.segmentCounts(files, 'path')).toEqual(
        await packed.segmentCounts(files, 'path'),
      );
      // The folder as the suggest index listed it serves as the packer's own scan.
      const { listed } = await loadSuggestIndex(fx.dir);
      const given = new ProjectPacker(fx.dir, options);
      try {
        expect(await given.scanFiles(listed)).toEqual(selected);
        expect(await given.segmentCounts(selected, 'full')).toEqual(full);
      } finally {
        await given.close();
      }
    } finally {
      await Promise.all([packed.close(), scanned.close()]);
      await fx.cleanup();
    }
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
      expect(second.totalTokens).toBe(tiktokenCount(second.prompt));
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

describe('ProjectPacker without watches', () => {
  it('lists and packs in full each time, and sees every change', async () => {
    const fx = await writeFixture({ 'a/one.ts': 'one\n', 'c.ts': 'c\n' });
    const packer = new ProjectPacker(fx.dir, { counter: pool, watch: false });
    try {
      const first = await packer.pack();
      expect(first.packedFiles).toBe(2);
      await writeFile(join(fx.dir, 'a/two.ts'), 'two\n');
      await writeFile(join(fx.dir, 'a/one.ts'), 'one edited\n');
      const second = await packer.pack();
      expect(second.packedFiles).toBe(3);
      expect(second.prompt).toContain('one edited');
      expect(second.prompt).toContain('a/two.ts');
      expect(second.totalTokens).toBe(tiktokenCount(second.prompt));
    } finally {
      await packer.close();
      await fx.cleanup();
    }
  });
});

describe('ProjectPacker patched re-pack', () => {
  it('after content-only edits gives what a fresh full pack gives', async () => {
    const files: Record<string, string> = { '.gitignore': 'skip/\n', 'skip/x.ts': 'x\n' };
    for (let i = 0; i < 12; i++) files[`src/d${i % 3}/f${i}.ts`] = `export const f${i} = ${i};\n`;
    files['README.md'] = '# Title\n\n```js\ncode\n```\n';
    const fx = await writeFixture(files);
    const packer = new ProjectPacker(fx.dir, { counter: pool });
    const fresh = async () => {
      const other = new ProjectPacker(fx.dir, { counter: pool });
      try {
        return await other.pack();
      } finally {
        await other.close();
      }
    };
    try {
      await packer.pack();
      await writeFile(join(fx.dir, 'src/d1/f4.ts'), 'export const edited = "````";\n');
      await writeFile(join(fx.dir, 'README.md'), '# Other title\n');
      await writeFile(join(fx.dir, 'skip/x.ts'), 'ignored edit\n');
      const patched = await packer.pack();
      const full = await fresh();
      expect(patched.tokenized).toBe(2);
      expect(patched.prompt).toBe(full.prompt);
      expect(patched.totalTokens).toBe(full.totalTokens);
      expect(patched.packedFiles).toBe(full.packedFiles);
      expect(patched.totalTokens).toBe(tiktokenCount(patched.prompt));
      // A changed .gitignore changes the tree: a full pack, still equal to a fresh one.
      await writeFile(join(fx.dir, '.gitignore'), 'skip/\n*.md\n');
      const rescanned = await packer.pack();
      expect(rescanned.prompt).toBe((await fresh()).prompt);
      expect(rescanned.prompt).not.toContain('README.md');
      // And editing again after the full pack patches from the new layout.
      await writeFile(join(fx.dir, 'src/d0/f0.ts'), 'export const again = 0;\n');
      const again = await packer.pack();
      expect(again.tokenized).toBe(1);
      expect(again.prompt).toBe((await fresh()).prompt);
    } finally {
      await packer.close();
      await fx.cleanup();
    }
  });
});

describe('ProjectPacker prompt bytes', () => {
  it('gives the same prompt, bytes and counts with the prompt kept as bytes as with texts', async () => {
    const fx = await writeFixture({ 'a.ts': 'export const a = "é😀";\n', 'b/c.ts': 'c\n' });
    const pack = async (promptBytes: boolean) => {
      const packer = new ProjectPacker(fx.dir, { counter: pool, watch: false, promptBytes });
      try {
        return await packer.pack();
      } finally {
        await packer.close();
      }
    };
    try {
      const texts = await pack(false);
      const bytes = await pack(true);
      expect(texts.prompt).toContain('export const a = "é😀";');
      expect(bytes.prompt).toBe(texts.prompt);
      const utf8 = Buffer.from(texts.prompt, 'utf8');
      expect(Buffer.concat(bytes.bytes()).equals(utf8)).toBe(true);
      expect(Buffer.concat(texts.bytes()).equals(utf8)).toBe(true);
      expect(bytes.totalTokens).toBe(texts.totalTokens);
      expect(bytes.totalTokens).toBe(tiktokenCount(texts.prompt));
      expect(bytes.files).toEqual(texts.files);
    } finally {
      await fx.cleanup();
    }
  });
});

import { get_encoding } from 'tiktoken';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretSamples } from '../secrets/fixtures';
import { referenceScanText } from '../secrets/reference-scan';
import { ProjectPacker } from './pack';
import { DiskPieceCache } from './piece-cache';
import { touch, writeFixture, writeText } from './test-fixture';
import { TokenizerPool } from './token-pool';

const cl100k = get_encoding('cl100k_base');
const tiktokenCount = (text: string) => cl100k.encode_ordinary(text).length;
const github = secretSamples()[5]!;
const stripe = secretSamples()[9]!;

let fixture: Awaited<ReturnType<typeof writeFixture>>;
let cacheDir: string;
let pool: TokenizerPool;

beforeAll(async () => {
  const files: Record<string, string> = {
    'config/.env': `${github.text}\n`,
    'src/pay.ts': `export const key = 'x';\n${stripe.text}\n`,
  };
  for (let i = 0; i < 30; i++) files[`src/m${i}.ts`] = `export const v${i} = ${i};\n`.repeat(10);
  fixture = await writeFixture(files);
  cacheDir = await mkdtemp(join(tmpdir(), 'promptloom-cache-'));
  pool = new TokenizerPool(2);
});
afterAll(async () => {
  await pool.close();
  await fixture.cleanup();
  await rm(cacheDir, { recursive: true, force: true });
});

/** A pack as a new CLI run makes it: a new packer and the cache read back from disk. */
async function run(scope = 'cl100k_base test', secretScan = true) {
  const pieceCache = await DiskPieceCache.open(fixture.dir, scope, cacheDir);
  const packer = new ProjectPacker(fixture.dir, {
    counter: pool,
    secretScan,
    pieceCache,
    watch: false,
  });
  try {
    return await packer.pack();
  } finally {
    await packer.close();
  }
}

/** What secretlint's full rule set finds in the written files, in prompt order. */
async function referenceFindings(files: readonly string[]) {
  const { readFile } = await import('node:fs/promises');
  const all = [];
  for (const path of files) {
    all.push(...(await referenceScanText(path, await readFile(join(fixture.dir, path), 'utf8'))));
  }
  return all;
}

describe('on-disk piece cache (counts and findings between runs)', () => {
  it('scans in the counting workers, then answers a second run from the cache alone', async () => {
    const cold = await run();
    expect(cold.totalTokens).toBe(tiktokenCount(cold.prompt));
    expect(cold.secrets).toEqual(await referenceFindings(cold.files));
    expect(cold.secrets!.map((finding) => finding.kind)).toEqual([
      'github-token',
      'stripe-secret-key-live',
    ]);
    expect(cold.tokenized).toBeGreaterThan(0);

    const warm = await run();
    expect(warm.tokenized).toBe(0);
    expect(warm.prompt).toBe(cold.prompt);
    expect(warm.totalTokens).toBe(cold.totalTokens);
    expect(warm.secrets).toEqual(cold.secrets);
  });

  it('without the scan, keys a first run in the workers as this thread would (a warm run finds them)', async () => {
    const scope = 'cl100k_base no scan';
    const cold = await run(scope, false);
    expect(cold.secrets).toBeNull();
    expect(cold.tokenized).toBeGreaterThan(0);
    expect(cold.totalTokens).toBe(tiktokenCount(cold.prompt));

    const cache = await DiskPieceCache.open(fixture.dir, scope, cacheDir);
    expect(cache.size).toBe(cold.tokenized);
    const warm = await run(scope, false);
    expect(warm.tokenized).toBe(0);
    expect(warm.prompt).toBe(cold.prompt);
    expect(warm.totalTokens).toBe(cold.totalTokens);
  });

  it('is exact after an edit that keeps the size and the mtime', async () => {
    const path = 'src/m7.ts';
    await touch(fixture.dir, path, 1_700_000_000);
    await run();
    const before = await stat(join(fixture.dir, path));
    // Same length, new tokens, a secret added; the mtime put back as it was.
    const edited = `${github.text}`.padEnd(Number(before.size) - 1, ' ') + '\n';
    expect(edited.length).toBe(Number(before.size));
    await writeText(fixture.dir, path, edited);
    await touch(fixture.dir, path, 1_700_000_000);
    expect((await stat(join(fixture.dir, path))).mtimeMs).toBe(before.mtimeMs);

    const after = await run();
    expect(after.prompt).toContain(github.secret);
    expect(after.tokenized).toBe(1);
    expect(after.totalTokens).toBe(tiktokenCount(after.prompt));
    expect(after.secrets).toEqual(await referenceFindings(after.files));
    expect(after.secrets!.some((finding) => finding.path === path)).toBe(true);
  });

  it('keeps each tokenizer and rule release apart, and never writes into the project', async () => {
    const other = await run('o200k_base test');
    expect(other.tokenized).toBeGreaterThan(0);
    const cache = await DiskPieceCache.open(fixture.dir, 'o200k_base test', cacheDir);
    expect(cache.file.startsWith(cacheDir)).toBe(true);
    expect(cache.size).toBeGreaterThan(0);
    const { readFile } = await import('node:fs/promises');
    const saved = await readFile(cache.file, 'utf8');
    // Counts and findings only: no file's text (the secret's position, not its value).
    expect(saved).not.toContain('export const v1');
    expect(saved).not.toContain(github.secret);
  });
});

// `node --import tsx bench/exactness.ts`: checks on every file of the bench corpora that the
// fast counter (tokens/count-cl100k.js, guard off) gives gpt-tokenizer's count exactly,
// and times both. Exits 1 on any difference.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  countCl100kGuarded,
  countCl100kReference,
} from '../packages/core/src/tokens/count-cl100k.js';
import { ensureCorpora } from './corpora';

/** Far above any piece: the fast path alone, no long-run guard. */
const NO_GUARD = 1_000_000_000;

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let failures = 0;
for (const corpus of await ensureCorpora()) {
  const paths = await filesOf(corpus.dir);
  const texts = paths.map((p) => readFileSync(p, 'utf8').replace(/^\uFEFF/, ''));
  const fast = texts.map((t) => countCl100kGuarded(t, NO_GUARD, 500));
  const reference = texts.map((t) => countCl100kReference(t));
  // Timed on a second pass (both warm), without the files holding a 2 000-character run
  // of non-space (BPE on such a piece costs the same in both and would swamp the rest).
  const timed = texts.filter((t) => !/\S{2000}/.test(t));
  let started = performance.now();
  for (const t of timed) countCl100kGuarded(t, NO_GUARD, 500);
  const fastMs = performance.now() - started;
  started = performance.now();
  for (const t of timed) countCl100kReference(t);
  const referenceMs = performance.now() - started;
  const differing = paths.filter((_, i) => fast[i] !== reference[i]);
  failures += differing.length;
  const sum = (a: number[]) => a.reduce((s, n) => s + n, 0);
  console.log(
    `${corpus.name}: ${paths.length} files, ${differing.length} differ; tokens ${sum(fast)} (fast) vs ${sum(reference)} (gpt-tokenizer); ${Math.round(fastMs)} ms vs ${Math.round(referenceMs)} ms on one thread (warm)`,
  );
  for (const p of differing.slice(0, 10)) console.log(`  differs: ${p}`);
}
process.exit(failures === 0 ? 0 : 1);

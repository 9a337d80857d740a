import { type FileText, parseAnswer, planApply, touchedPaths } from '@promptloom/core/apply';

/**
 * Warming the apply worker's engine before the first real read (decision 115). A fresh
 * worker's first large plan runs its code in the interpreter and grows a small heap as it
 * goes, which makes it several times slower than later ones. A small sample did not change
 * that (decision 102): the code paths a real answer takes need many files of realistic size,
 * each edited by search/replace blocks, diff hunks and a whole file. So the warm-up plans
 * synthetic answers of that shape, one file per step, each step a task of its own: a real
 * request that comes in between stops it, and never waits for more than one step.
 */

/** Files planned while warming: enough for the hot loops to be optimized. */
export const WARM_UP_FILES = 24;
/** Lines of each synthetic file (about 24 kB, as a source file of a real project). */
const LINES = 560;
/** Lines each block changes, and the regions the three blocks of a file edit. */
const CHANGED = 55;
const REGIONS = [20, 220, 420];
const fence = '```';

const lineOf = (f: number, i: number, tag = '') =>
  `  const warm_${f}_${i}${tag} = compute(${i}, 'warm ${f} line ${i}');`;

function searchReplace(lines: readonly string[], f: number, from: number): string {
  const search = lines.slice(from, from + CHANGED);
  const replace = search.map((line, k) =>
    (from + k) % 7 === 0 ? lineOf(f, from + k, '_e') : line,
  );
  return `<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replace.join('\n')}\n>>>>>>> REPLACE`;
}

function diff(path: string, f: number, from: number): string {
  const out = [`--- a/${path}`, `+++ b/${path}`];
  out.push(`@@ -${from - 2},${CHANGED + 6} +${from - 2},${CHANGED + 6} @@`);
  for (let i = from - 3; i < from; i++) out.push(` ${lineOf(f, i)}`);
  for (let i = from; i < from + CHANGED; i++) out.push(`-${lineOf(f, i)}`);
  for (let i = from; i < from + CHANGED; i++) out.push(`+${lineOf(f, i, '_p')}`);
  for (let i = from + CHANGED; i < from + CHANGED + 3; i++) out.push(` ${lineOf(f, i)}`);
  return `${fence}diff\n${out.join('\n')}\n${fence}`;
}

/** One synthetic file and an answer editing it: search/replace, a diff, or a whole file. */
export function warmUpAnswer(f: number): { path: string; text: string; answer: string } {
  const path = `src/warm-${f}.ts`;
  const lines = Array.from({ length: LINES }, (_, i) => lineOf(f, i));
  const parts = [`Step ${f + 1}: this updates \`${path}\`.`, ''];
  const kind = f % 3;
  if (kind === 0) {
    for (const from of REGIONS)
      parts.push(`**${path}**`, `${fence}ts`, searchReplace(lines, f, from), fence, '');
  } else if (kind === 1) {
    for (const from of REGIONS) parts.push(diff(path, f, from), '');
  } else {
    const rewritten = lines.map((line, i) => (i % 11 === 0 ? `${line} // reviewed` : line));
    parts.push(path, `${fence}ts`, ...rewritten, fence, '');
    parts.push(`**${path}**`, `${fence}ts`, searchReplace(rewritten, f, REGIONS[1]!), fence, '');
  }
  return { path, text: `${lines.join('\n')}\n`, answer: parts.join('\n') };
}

/** Parses and plans the synthetic answer of file `f`, as a real read does. */
export function warmUpStep(f: number): void {
  const { path, text, answer } = warmUpAnswer(f);
  const parsed = parseAnswer(answer, { knownPath: (known) => known === path });
  const files = new Map<string, FileText | null>(touchedPaths(parsed).map((p) => [p, { text }]));
  planApply(parsed, files);
}

/**
 * Runs the warm-up one step per task until it is done or `stopped()` says a real request
 * came; `schedule` queues the next step (a worker's setTimeout).
 */
export function warmUp(
  stopped: () => boolean,
  schedule: (step: () => void) => void = (step) => setTimeout(step, 0),
  files = WARM_UP_FILES,
): void {
  let f = 0;
  const step = () => {
    if (stopped() || f >= files) return;
    warmUpStep(f++);
    schedule(step);
  };
  schedule(step);
}

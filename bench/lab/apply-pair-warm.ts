// Warm, in-process A/B of planApply on the bench answer: old and new alternated 15 times
// each after 3 rounds of warm-up; medians of wall time. `node --import tsx
// bench/lab/apply-pair-warm.ts OLD_APPLY_DIR`.
import { resolve } from 'node:path';
import type * as Apply from '../../packages/core/src/apply/index';
import { applyBenchAnswer } from '../apply-answer';

type Core = typeof Apply;
const old = (await import(resolve(process.argv[2]!, 'index.ts'))) as Core;
const now: Core = await import('../../packages/core/src/apply/index');
const { files, answer } = applyBenchAnswer();
const times: Record<string, number[]> = { old: [], new: [] };
for (let k = 0; k < 18; k++)
  for (const [name, core] of (k % 2
    ? [
        ['new', now],
        ['old', old],
      ]
    : [
        ['old', old],
        ['new', now],
      ]) as [string, Core][]) {
    const parsed = core.parseAnswer(answer);
    const texts = new Map(core.touchedPaths(parsed).map((p) => [p, { text: files.get(p)! }]));
    const t = performance.now();
    core.planApply(parsed, texts);
    if (k >= 3) times[name]!.push(performance.now() - t);
  }
const med = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
for (const [name, v] of Object.entries(times))
  console.log(name, Math.round(med(v)), v.map(Math.round).join(' '));

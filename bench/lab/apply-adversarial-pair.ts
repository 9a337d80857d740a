// Each adversarial answer of the core test set planned by two copies of the apply code,
// alternated, twice each: the slower of the copies per answer (ms) and whether the plans
// agree. `node --import tsx bench/lab/apply-adversarial-pair.ts OLD_APPLY_DIR`.
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type * as Apply from '../../packages/core/src/apply/index';
import { adversarialAnswers } from '../../packages/core/src/apply/adversarial-answers';

type Core = typeof Apply;
const old: Core = await import(resolve(process.argv[2]!, 'index.ts'));
const now: Core = await import('../../packages/core/src/apply/index');

function plan(core: Core, answer: string, files: ReadonlyMap<string, string>) {
  const started = performance.now();
  const parsed = core.parseAnswer(answer);
  const texts = new Map(
    core.touchedPaths(parsed).map((path) => {
      const text = files.get(path);
      return [path, text === undefined ? null : { text }] as const;
    }),
  );
  return { plan: core.planApply(parsed, texts), ms: performance.now() - started };
}

for (const { name, answer, files } of adversarialAnswers()) {
  if (process.argv[3] && !name.includes(process.argv[3])) continue;
  const ms: Record<'old' | 'new', number[]> = { old: [], new: [] };
  let same = true;
  for (let k = 0; k < 2; k++) {
    const a = plan(old, answer, files);
    const b = plan(now, answer, files);
    ms.old.push(a.ms);
    ms.new.push(b.ms);
    same &&= isDeepStrictEqual(a.plan, b.plan);
  }
  const best = (v: number[]) => Math.round(Math.min(...v));
  console.log(`${name}: old ${best(ms.old)} ms, new ${best(ms.new)} ms, same plan: ${same}`);
}

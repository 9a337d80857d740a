// Whether two copies of the core apply code plan alike: a hash of the parse and the plan of
// every case of the development corpus's fetched repositories (with and without known
// paths), of each adversarial answer and of the bench answer, saved by one copy and compared
// by the other. Work on the hot path that must not change a result is checked so.
//
//   node --import tsx bench/lab/apply-same.ts OLD_APPLY_DIR --save /tmp/plans.json
//   node --import tsx bench/lab/apply-same.ts packages/core/src/apply --compare /tmp/plans.json
// (OLD_APPLY_DIR: a copy of packages/core/src/apply inside the repository, e.g. from git archive.)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as Apply from '../../packages/core/src/apply/index';
import { adversarialAnswers } from '../../packages/core/src/apply/adversarial-answers';
import { applyBenchAnswer } from '../apply-answer';
import { commitCasesOf, DEVELOPMENT_REPOS } from './apply-corpus/commit-cases';

interface Input {
  name: string;
  files: Map<string, string>;
  answer: string;
  /** Also planned with `knownPath` (as the corpus runs it). */
  known: boolean;
}

/** Building the cases reads git: they are kept between the two runs. */
const CACHE = join(tmpdir(), 'promptloom-apply-same-cases.json');

function corpusCases(): Input[] {
  if (existsSync(CACHE))
    return (
      JSON.parse(readFileSync(CACHE, 'utf8')) as (Input & { files: [string, string][] })[]
    ).map((c) => ({ ...c, files: new Map(c.files) }));
  const cases: Input[] = commitCasesOf(DEVELOPMENT_REPOS).map((c) => ({
    name: c.name,
    files: c.files,
    answer: c.answer,
    known: true,
  }));
  writeFileSync(CACHE, JSON.stringify(cases.map((c) => ({ ...c, files: [...c.files] }))));
  return cases;
}

const [dir, mode, file] = process.argv.slice(2);
if (!dir || (mode !== '--save' && mode !== '--compare') || !file)
  throw new Error('usage: apply-same.ts APPLY_DIR --save|--compare FILE');
const core = (await import(resolve(dir, 'index.ts'))) as typeof Apply;
const bench = applyBenchAnswer();
const inputs: Input[] = [
  ...corpusCases(),
  ...adversarialAnswers().map(({ name, answer, files }) => ({ name, files, answer, known: false })),
  { name: 'bench', files: bench.files, answer: bench.answer, known: false },
];
const hashes: Record<string, string> = {};
for (const c of inputs)
  for (const known of c.known ? [true, false] : [false]) {
    const parsed = core.parseAnswer(c.answer, known ? { knownPath: (p) => c.files.has(p) } : {});
    const texts = new Map(
      core.touchedPaths(parsed).map((p) => [p, c.files.has(p) ? { text: c.files.get(p)! } : null]),
    );
    const plan = core.planApply(parsed, texts);
    const hash = createHash('sha1')
      .update(JSON.stringify([parsed, plan]))
      .digest('hex');
    hashes[`${c.name}${known ? ' (known paths)' : ''}`] = hash;
  }
if (mode === '--save') {
  writeFileSync(file, JSON.stringify(hashes));
  console.log(`${Object.keys(hashes).length} plans saved`);
} else {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const differ = Object.keys(saved).filter((name) => saved[name] !== hashes[name]);
  console.log(`${Object.keys(saved).length} plans: ${differ.length} differ`);
  for (const name of differ.slice(0, 20)) console.log(`  ${name}`);
  if (differ.length > 0) process.exitCode = 1;
}

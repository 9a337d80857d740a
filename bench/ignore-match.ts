// Ignore-matching rows (decision 041): the time per match of .gitignore lines that made the
// old regex translation backtrack for seconds (thirty `*a` pairs, runs of `**/`, stars before
// a slash) against 200-character names that almost match, beside ordinary lines on ordinary
// paths. Runs in a fresh child process; the number of names each line matches is checked too,
// so a fast wrong matcher cannot pass.
import { execFileSync } from 'node:child_process';
import { compileGitignoreLine } from '@promptloom/core';

interface Case {
  label: string;
  line: string;
  names: string[];
  /** How many of `names` the line matches. */
  matches: number;
}

const CASES: Case[] = [
  {
    label: 'thirty `*a` pairs, 200-character names',
    line: `${'*a'.repeat(30)}b`,
    names: ['a'.repeat(200), `${'a'.repeat(199)}b`, 'ba'.repeat(100), `${'a'.repeat(199)}c`],
    matches: 1,
  },
  {
    label: 'thirty `a*` before a `/` (git itself takes seconds)',
    line: `${'a*'.repeat(30)}/b`,
    names: [`${'a'.repeat(200)}/c`, `${'a'.repeat(200)}/b`, `${'a'.repeat(29)}/b`],
    matches: 1,
  },
  {
    label: 'ten `*a/**/` and `*a*b`, 66 folders deep',
    line: `${'*a/**/'.repeat(10)}*a*b`,
    names: [`${'xa/'.repeat(66)}ab`, `${'xa/'.repeat(66)}aa`, `${'xa/'.repeat(5)}ab`],
    matches: 1,
  },
  {
    label: 'an ordinary line (`src/**/*.gen.ts`, a regex), ordinary paths',
    line: 'src/**/*.gen.ts',
    names: ['src/a/b/c/file.gen.ts', 'src/a/b/c/file.ts', 'lib/x.gen.ts'],
    matches: 1,
  },
];

const ROUNDS = 200;

interface Timing {
  label: string;
  perMatchMs: number;
  worstMs: number;
  correct: boolean;
}

function measure(c: Case): Timing {
  const rule = compileGitignoreLine(c.line, 1, { kind: 'gitignore', dir: '' }, false)!;
  const test = rule.test!;
  const matched = c.names.filter((name) => test(name)).length; // also warms up
  let worstMs = 0;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of c.names) {
      const t = performance.now();
      test(name);
      worstMs = Math.max(worstMs, performance.now() - t);
    }
  }
  const perMatchMs = (performance.now() - started) / (ROUNDS * c.names.length);
  return { label: c.label, perMatchMs, worstMs, correct: matched === c.matches };
}

const fmt = (ms: number) => (ms >= 0.1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);

/** Table rows (the main table's columns): the mean and worst time per match, target < 1 ms. */
export function ignoreMatchRows(): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'task'], {
    encoding: 'utf8',
  });
  const timings = JSON.parse(out.trim().split('\n').at(-1)!) as Timing[];
  return timings.map(
    (t) =>
      `| – | 13. ignore match: ${t.label} | ${fmt(t.perMatchMs)} per match (worst ${fmt(t.worstMs)}) | | | | | | ${t.correct && t.perMatchMs < 1 ? 'yes' : '**NO**'}${t.correct ? '' : ' (wrong answer)'} |`,
  );
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === 'task') {
    console.log(JSON.stringify(CASES.map(measure)));
  } else {
    console.log(ignoreMatchRows().join('\n'));
  }
}

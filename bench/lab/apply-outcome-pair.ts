// Whether two copies of the core apply code give the same outcome (every block applied or not,
// the failure codes, the text written to each path) on the development corpus (decision 113)
// and on generated answers aimed at what a fast path may get wrong: CRLF, mixed and lone-CR
// endings, files without a final newline, several blocks editing one file in turn, repeated
// lines, damaged diffs. `apply-same.ts` asks for identical plans; this asks only for identical
// results, so it can compare copies whose plan objects differ in shape.
//
//   node --import tsx bench/lab/apply-outcome-pair.ts OLD_APPLY_DIR [NEW_APPLY_DIR] [--fuzz N]
//     [--show K] (prints the first K differing cases in full)
// (an APPLY_DIR is a copy of packages/core/src/apply inside the repository, e.g. from git archive.)
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as Apply from '../../packages/core/src/apply/index';
import {
  seededRandom as random,
  type SeededRandom,
} from '../../packages/core/src/testing/seeded-random';
import { aiderCases } from './apply-corpus/aider';
import { commitCasesOf, DEVELOPMENT_REPOS, MIRRORS } from './apply-corpus/commit-cases';
import { gitTestCases } from './apply-corpus/git-tests';

interface Input {
  name: string;
  files: Map<string, string>;
  answer: string;
  /** For a generated answer: each file's lines as the answer means them (endings aside). */
  meant?: Map<string, string[]>;
}

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const positional = process.argv
  .slice(2)
  .filter((a, k, all) => !a.startsWith('--') && !all[k - 1]?.startsWith('--'));
const [oldDir, newDir = 'packages/core/src/apply'] = positional;
if (!oldDir) throw new Error('usage: apply-outcome-pair.ts OLD_APPLY_DIR [NEW_APPLY_DIR]');
const older = (await import(resolve(oldDir, 'index.ts'))) as typeof Apply;
const newer = (await import(resolve(newDir, 'index.ts'))) as typeof Apply;

function outcome(core: typeof Apply, c: Input): string {
  try {
    const parsed = core.parseAnswer(c.answer, { knownPath: (p) => c.files.has(p) });
    const texts = new Map(
      core.touchedPaths(parsed).map((p) => [p, c.files.has(p) ? { text: c.files.get(p)! } : null]),
    );
    const plan = core.planApply(parsed, texts);
    const failures = [...plan.failures, ...plan.files.flatMap((f) => f.failures)];
    const written = plan.files
      .filter((f) => f.status !== 'failed' && f.status !== 'unchanged')
      .map((f) => [f.path, f.oldPath ?? null, f.after]);
    return JSON.stringify({
      ok: parsed.edits.length > 0 && failures.length === 0,
      failures: failures.map((f) => f.code),
      written,
    });
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

// --- the corpus -------------------------------------------------------------------------
function corpus(): Input[] {
  const cases = commitCasesOf(DEVELOPMENT_REPOS);
  for (const [repo, build] of [
    ['Aider-AI+aider', aiderCases],
    ['git+git', gitTestCases],
  ] as const) {
    const gitDir = `${MIRRORS}/${repo}/repo`;
    if (existsSync(gitDir)) cases.push(...build(gitDir));
  }
  return cases;
}

// --- generated answers ------------------------------------------------------------------
const WORDS = [
  'a',
  'b',
  'c',
  'x = 1',
  'x = 2',
  '  if (y) {',
  '  }',
  '',
  '    return 0;',
  '}',
  '\tz();',
];

function fileLines(rng: SeededRandom): string[] {
  const n = rng.int(30);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const pick = rng.int(4);
    if (pick === 0) out.push(WORDS[rng.int(WORDS.length)]!);
    else if (pick === 1) out.push(`${WORDS[rng.int(WORDS.length)]!} `);
    else out.push(`line ${rng.int(1000)}${rng.int(12) === 0 ? '\rx' : ''}`);
  }
  return out;
}

function joinFile(lines: string[], rng: SeededRandom): string {
  const style = rng.int(4);
  if (lines.length === 0) return '';
  const eol = () => (style === 1 || (style === 2 && rng.int(2) === 0) ? '\r\n' : '\n');
  let text = '';
  lines.forEach((line, k) => {
    text += line;
    if (k < lines.length - 1 || rng.int(4) !== 0) text += eol();
  });
  return text;
}

function sliceLines(text: string): string[] {
  const parts = text.split('\n');
  if (parts.at(-1) === '') parts.pop();
  return parts.map((p) => (p.endsWith('\r') ? p.slice(0, -1) : p));
}

const NAME = ['src/a.ts', 'lib/b.py', 'c.txt'];

function generated(count: number): Input[] {
  const out: Input[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const rng = random(seed * 7919);
    const files = new Map<string, string>();
    const nFiles = 1 + rng.int(2);
    for (let f = 0; f < nFiles; f++) files.set(NAME[f]!, joinFile(fileLines(rng), rng));
    const kind = rng.int(3);
    const parts: string[] = [];
    const meant = new Map<string, string[]>();
    for (const [path, text] of files) {
      const lines = sliceLines(text);
      if (kind === 0 || kind === 2) {
        // search/replace blocks, each on the text as earlier blocks left it
        const current = [...lines];
        const blocks: string[] = [];
        for (let b = 0; b < 1 + rng.int(4); b++) {
          const from = current.length ? rng.int(current.length) : 0;
          const len = current.length ? 1 + rng.int(Math.min(5, current.length - from)) : 0;
          let search = current.slice(from, from + len);
          const trimmed = search.map((l) => l.trimEnd());
          // trimmed only where the trimmed lines are nowhere in the file as they are
          const trimmedIsElsewhere = current.some((_, k) =>
            trimmed.every((l, j) => current[k + j] === l),
          );
          const trim = rng.int(6) === 0 && !trimmedIsElsewhere;
          if (trim) search = trimmed;
          const replace = fileLines(rng).slice(0, rng.int(5));
          if (rng.int(5) === 0) replace.push(...search.slice(0, 1));
          current.splice(from, len, ...replace);
          meant.set(path, [...current]);
          // a model that indents the whole block by two spaces: read back at the file's indent
          // (not where the indented lines match some run of the file, trailing spaces aside)
          const loose = (l: string) => l.trimEnd();
          const indentedIsElsewhere = current.some((_, k) =>
            search.every(
              (l, j) => current[k + j] !== undefined && loose(current[k + j]!) === loose(`  ${l}`),
            ),
          );
          const indent =
            rng.int(8) === 0 && search.length > 0 && !trim && !indentedIsElsewhere ? '  ' : '';
          blocks.push(
            [
              '<<<<<<< SEARCH',
              ...search.map((l) => indent + l),
              '=======',
              ...replace.map((l) => (l.trim() === '' ? l : indent + l)),
              '>>>>>>> REPLACE',
            ].join('\n'),
          );
        }
        parts.push(`${path}\n\`\`\`\n${blocks.join('\n')}\n\`\`\`\n`);
      } else {
        // a unified diff of a few replaced runs, three lines of context, sometimes damaged
        const hunks: string[] = [];
        let at = 0;
        let shift = 0;
        const result = [...lines];
        while (at < lines.length && hunks.length < 3) {
          const start = at + rng.int(6);
          if (start >= lines.length) break;
          const del = rng.int(Math.min(3, lines.length - start) + 1);
          const damage = rng.int(5);
          const add = fileLines(rng)
            .slice(0, rng.int(4))
            .map((l) => (damage === 4 ? l.trimEnd() : l));
          const before = lines.slice(Math.max(0, start - 3), start);
          const after = lines.slice(start + del, start + del + 3);
          const body = [
            ...before.map((l) => ` ${l}`),
            ...lines.slice(start, start + del).map((l) => `-${l}`),
            ...add.map((l) => `+${l}`),
            ...after.map((l) => ` ${l}`),
          ];
          const oldStart = Math.max(0, start - 3) + 1 + (damage === 1 ? rng.int(9) - 4 : 0);
          const oldCount = before.length + del + after.length;
          const newCount = before.length + add.length + after.length + (damage === 2 ? 1 : 0);
          const newStart = oldStart + shift;
          result.splice(start + shift, del, ...add);
          shift += add.length - del;
          const head =
            damage === 3 ? '@@ ... @@' : `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`;
          hunks.push([head, ...(damage === 4 ? body.map((l) => l.trimEnd()) : body)].join('\n'));
          at = start + del + 7;
        }
        if (hunks.length) meant.set(path, result);
        if (hunks.length)
          parts.push(`\`\`\`diff\n--- a/${path}\n+++ b/${path}\n${hunks.join('\n')}\n\`\`\`\n`);
      }
    }
    let answer = `Here is the change.\n\n${parts.join('\n')}`;
    if (rng.int(5) === 0) answer = answer.replaceAll('\n', '\r\n');
    out.push({ name: `generated #${seed}`, files, answer, meant });
  }
  return out;
}

const fuzz = Number(arg('--fuzz') ?? 20000);
const inputs = [...(process.argv.includes('--no-corpus') ? [] : corpus()), ...generated(fuzz)];
const show = Number(arg('--show') ?? 5);
/** `--strict`: a line's trailing spaces count too. */
const strict = process.argv.includes('--strict');
/** Endings and trailing blank lines aside, and a line's trailing spaces unless `--strict`. */
const norm = (text: string) =>
  text
    .replaceAll('\r\n', '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((l) => (strict ? l : l.trimEnd()))
    .join('\n');
/** What the second copy did against what a generated answer means: wrong if it differs. */
function judge(c: Input, result: string): string | null {
  if (!c.meant || result.startsWith('threw')) return null;
  const { ok, written } = JSON.parse(result) as {
    ok: boolean;
    written: [string, string | null, string][];
  };
  const got = new Map(written.map(([path, , after]) => [path, after]));
  for (const [path, lines] of c.meant) {
    const text = got.get(path) ?? (ok ? c.files.get(path) : undefined);
    if (text !== undefined && norm(text) !== norm(lines.join('\n')))
      return ok ? 'WRONG-WRITE' : 'wrong-partial-write';
  }
  return null;
}

let differ = 0;
let applied = 0;
const wrong = new Map<string, number>();
/** Of the generated answers the copies differ on, which one did what the answer means. */
const changed = new Map<string, number>();
for (const c of inputs) {
  const a = outcome(older, c);
  const b = outcome(newer, c);
  if (b.startsWith('{"ok":true')) applied++;
  const verdict = judge(c, b);
  if (verdict) {
    wrong.set(verdict, (wrong.get(verdict) ?? 0) + 1);
    if ((wrong.get(verdict) ?? 0) <= show) {
      console.log(`### ${verdict} ${c.name} (old copy ${a === b ? 'alike' : 'differs'})`);
      console.log(`files: ${JSON.stringify([...c.files])}`);
      console.log(`answer: ${JSON.stringify(c.answer)}`);
      console.log(`meant: ${JSON.stringify([...c.meant!])}`);
      console.log(`new: ${b}\n`);
    }
  }
  if (a === b) continue;
  differ++;
  if (c.meant) {
    const key = `first copy ${judge(c, a) ?? 'as meant'}, second ${judge(c, b) ?? 'as meant'}`;
    changed.set(key, (changed.get(key) ?? 0) + 1);
  }
  if (differ <= show) {
    console.log(`=== ${c.name}`);
    console.log(`files: ${JSON.stringify([...c.files])}`);
    console.log(`answer: ${JSON.stringify(c.answer)}`);
    console.log(`old: ${a}\nnew: ${b}\n`);
  } else console.log(`differs: ${c.name}`);
}
console.log(`generated answers the copies differ on: ${JSON.stringify([...changed])}`);
console.log(`generated answers applied otherwise than meant: ${JSON.stringify([...wrong])}`);
console.log(
  `${inputs.length} cases (${applied} applied in full by the second copy): ${differ} differ`,
);

import { describe, expect, it } from 'vitest';
import { gitApply, gitDiff, gitNumstat } from '../node/git-apply-oracle';
import { parseAnswer, planApply, type PlannedFile } from '.';
import { seededRandom as random } from '../testing/seeded-random';
import { creation, deletion, searchReplace } from './test-answers';

/** Few distinct lines, so the same text recurs (and git's nearest-match rule decides). */
const VOCABULARY = [
  '{',
  '}',
  '',
  'return x;',
  'let a = 1;',
  'let b = 2;',
  'call();',
  '// note',
  'if (a) {',
  'end',
];

function mutate(lines: string[], edits: number, rng: ReturnType<typeof random>): string[] {
  const out = [...lines];
  for (let k = 0; k < edits; k++) {
    const at = rng.int(out.length + 1);
    const word = `${VOCABULARY[rng.int(VOCABULARY.length)]}${rng.int(3) === 0 ? ` ${rng.int(100)}` : ''}`;
    const kind = rng.int(3);
    if (kind === 0) out.splice(at, 0, word);
    else if (kind === 1 && out.length > 1) out.splice(Math.min(at, out.length - 1), 1);
    else out[Math.min(at, out.length - 1)] = word;
  }
  return out;
}

const text = (lines: string[], finalNewline: boolean) =>
  lines.length === 0 ? '' : lines.join('\n') + (finalNewline ? '\n' : '');

function ours(path: string, current: string, patch: string): PlannedFile | undefined {
  const plan = planApply(parseAnswer(patch), new Map([[path, { text: current }]]));
  return plan.files.find((file) => file.path === path);
}

describe('unified diffs apply exactly as git apply does', () => {
  it('agrees with git on 100 generated patches applied to drifted files (offsets, duplicates, -U0/-U1/-U3, final newlines)', () => {
    let applied = 0;
    let refused = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const rng = random(seed);
      const base = mutate(
        Array.from(
          { length: 15 + rng.int(40) },
          () => VOCABULARY[rng.int(VOCABULARY.length)] ?? '',
        ),
        10,
        rng,
      );
      const target = mutate(base, 1 + rng.int(4), rng);
      const before = text(base, rng.int(4) !== 0);
      const after = text(target, rng.int(4) !== 0);
      if (before === after) continue;
      const patch = gitDiff('src/f.ts', before, after, [0, 1, 3][rng.int(3)]);
      // The file changed since the diff was made: lines added or removed here and there.
      const drifted = text(mutate(base, rng.int(4), rng), before.endsWith('\n'));
      const git = gitApply({ 'src/f.ts': drifted }, patch);
      const planned = ours('src/f.ts', drifted, patch);
      const context = `seed ${seed}\n${patch}\n--- file ---\n${drifted}\n--- git: ${git.stderr}`;
      expect(planned?.status === 'modified', context).toBe(git.ok);
      if (git.ok) {
        expect(planned?.after, context).toBe(git.files.get('src/f.ts'));
        applied++;
      } else refused++;
    }
    // Both outcomes are exercised, not only one.
    expect(applied).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(5);
  });

  it('applies a diff written with LF to a CRLF file as git applies it to the LF file, keeping CRLF', () => {
    for (let seed = 200; seed < 230; seed++) {
      const rng = random(seed);
      const base = mutate(VOCABULARY.concat(VOCABULARY), 6, rng);
      const before = text(base, true);
      const patch = gitDiff('f.txt', before, text(mutate(base, 3, rng), true));
      if (patch === '') continue;
      const git = gitApply({ 'f.txt': before }, patch);
      const planned = ours('f.txt', before.replaceAll('\n', '\r\n'), patch);
      expect(planned?.status === 'modified').toBe(git.ok);
      if (git.ok) expect(planned?.after).toBe(git.files.get('f.txt')?.replaceAll('\n', '\r\n'));
    }
  });

  it('creates, deletes and renames files as git does', () => {
    const created = gitDiff('new.ts', '', 'one\ntwo\n').replace(
      /^--- a\/new\.ts$/m,
      '--- /dev/null',
    );
    const answer = [
      ...creation('new.ts', ['one', 'two']),
      ...deletion('old.ts', ['gone', 'too']),
      'diff --git a/from.ts b/to dir/to.ts',
      'similarity index 80%',
      'rename from from.ts',
      'rename to to dir/to.ts',
      '--- a/from.ts',
      '+++ b/to dir/to.ts\t',
      '@@ -1,3 +1,3 @@',
      ' a',
      '-b',
      '+B',
      ' c',
      '',
    ].join('\n');
    expect(created).toContain('+two');
    const files = { 'old.ts': 'gone\ntoo\n', 'from.ts': 'a\nb\nc\n' };
    const paths = ['new.ts', 'old.ts', 'from.ts', 'to dir/to.ts'];
    const git = gitApply(files, answer, paths);
    expect(git.ok, git.stderr).toBe(true);
    const plan = planApply(
      parseAnswer(answer),
      new Map(
        paths.map((path) => [
          path,
          path in files ? { text: files[path as keyof typeof files] } : null,
        ]),
      ),
    );
    expect(plan.files.map((file) => [file.path, file.status, file.oldPath])).toEqual([
      ['new.ts', 'new', undefined],
      ['old.ts', 'deleted', undefined],
      ['to dir/to.ts', 'renamed', 'from.ts'],
    ]);
    for (const file of plan.files) expect(file.after).toBe(git.files.get(file.path));
    expect(git.files.get('from.ts')).toBeNull();
  });

  it('counts added and removed lines as git diff --minimal does, for rewrites and for search/replace edits', () => {
    let compared = 0;
    for (let seed = 300; seed < 330; seed++) {
      const rng = random(seed);
      const base = mutate(VOCABULARY.concat(VOCABULARY, VOCABULARY), 8, rng);
      const before = text(base, true);
      const target = mutate(base, 1 + rng.int(6), rng);
      const whole = planApply(
        parseAnswer(`f.txt\n\`\`\`\n${text(target, true)}\`\`\`\n`),
        new Map([['f.txt', { text: before }]]),
      ).files[0];
      if (whole?.after !== before) {
        compared++;
        expect(whole && { added: whole.added, removed: whole.removed }, `seed ${seed}`).toEqual(
          gitNumstat(before, whole?.after ?? ''),
        );
      }
      // A search/replace edit of a unique stretch: its lines are counted beside the kept ones.
      const at = 3 + rng.int(base.length - 8);
      const search = [`unique ${seed}`, ...base.slice(at, at + 3)];
      const withMarker = [...base.slice(0, at), ...search, ...base.slice(at + 3)];
      const replace = mutate(search, 2, rng);
      const answer = searchReplace('f.txt', text(search, true), text(replace, true));
      const edited = planApply(
        parseAnswer(answer),
        new Map([['f.txt', { text: text(withMarker, true) }]]),
      ).files[0];
      if (edited?.status === 'modified' && edited.after !== edited.before) {
        compared++;
        expect({ added: edited.added, removed: edited.removed }, `seed ${seed}`).toEqual(
          gitNumstat(edited.before ?? '', edited.after ?? ''),
        );
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});

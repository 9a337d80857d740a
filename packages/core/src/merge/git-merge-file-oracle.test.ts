import { describe, expect, it } from 'vitest';
import { gitMergeFile } from '../node/git-merge-file-oracle';
import { mergedText, mergeThreeWay, type ConflictChoice } from './three-way';
import { seededRandom as random, type SeededRandom } from '../testing/seeded-random';

type Rng = SeededRandom;

/** Edits of one side, each with text of its own, so the diffs are unambiguous. */
function edit(lines: string[], who: string, edits: number, rng: Rng, within?: [number, number]) {
  const out = [...lines];
  for (let k = 0; k < edits; k++) {
    const [from, to] = within ?? [0, out.length];
    const at = Math.min(from + rng.int(Math.max(to - from, 1)), out.length - 1);
    const kind = rng.int(3);
    if (kind === 0) out.splice(at, 0, `${who} added ${k}`);
    else if (kind === 1 && out.length > 2) out.splice(at, 1);
    else out[at] = `${who} changed ${k}`;
  }
  return out;
}

interface Case {
  base: string[];
  mine: string[];
  theirs: string[];
}

const CASES: Record<string, (rng: Rng) => Case> = {
  // Edits far apart: git merges cleanly.
  apart: (rng) => {
    const base = lines(20 + rng.int(20));
    const half = Math.floor(base.length / 2);
    return {
      base,
      mine: edit(base, 'mine', 1 + rng.int(3), rng, [0, half - 4]),
      theirs: edit(base, 'theirs', 1 + rng.int(3), rng, [half + 4, base.length]),
    };
  },
  // Edits anywhere: some touch the same lines.
  anywhere: (rng) => {
    const base = lines(5 + rng.int(20));
    return {
      base,
      mine: edit(base, 'mine', 1 + rng.int(4), rng),
      theirs: edit(base, 'theirs', 1 + rng.int(4), rng),
    };
  },
  // Both sides made the same edits.
  identical: (rng) => {
    const base = lines(5 + rng.int(20));
    const mine = edit(base, 'same', 1 + rng.int(4), rng);
    return { base, mine, theirs: [...mine] };
  },
  // The subscriber edited a line that upstream then deleted, or changed back to the base.
  undoneUpstream: (rng) => {
    const base = lines(6 + rng.int(20));
    const at = 1 + rng.int(base.length - 2);
    const mine = [...base];
    mine[at] = 'mine changed';
    const theirs = rng.int(2)
      ? base.filter((_, i) => i !== at)
      : edit(base, 'theirs', 1, rng, [at + 3, base.length]);
    return { base, mine, theirs };
  },
  // The subscriber's edit undone by the subscriber: only upstream's change is left.
  mineReverted: (rng) => {
    const base = lines(5 + rng.int(20));
    return { base, mine: [...base], theirs: edit(base, 'theirs', 1 + rng.int(3), rng) };
  },
};

function lines(count: number) {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}`);
}

const asText = (text: string[], eol: string, finalNewline: boolean) =>
  text.length === 0 ? '' : text.join(eol) + (finalNewline ? eol : '');

function all(choice: ConflictChoice, count: number): ConflictChoice[] {
  return Array.from({ length: count }, () => choice);
}

describe('the three-way merge agrees with git merge-file', () => {
  for (const [name, make] of Object.entries(CASES)) {
    it(`on 24 generated cases: ${name} (LF and CRLF, with and without a final newline)`, () => {
      const seen = { clean: 0, conflict: 0 };
      for (let seed = 1; seed <= 24; seed++) {
        const rng = random(seed * 7919 + name.length);
        const { base, mine, theirs } = make(rng);
        const eol = seed % 4 === 0 ? '\r\n' : '\n';
        // Usually all three agree on the final newline; sometimes one side changes it.
        const finals = [0, 1, 2].map(() => (seed % 5 === 0 ? rng.int(2) === 0 : seed % 3 !== 0));
        const texts = [
          asText(base, eol, finals[0]!),
          asText(mine, eol, finals[1]!),
          asText(theirs, eol, finals[2]!),
        ] as const;
        const replay = `${name} seed ${seed}: ${JSON.stringify(texts)}`;
        const merge = mergeThreeWay(...texts);
        const git = gitMergeFile(...texts, 'default');
        expect(merge.conflicts > 0, replay).toBe(git.conflicts > 0);
        if (git.conflicts === 0) {
          seen.clean++;
          expect(mergedText(merge, []), replay).toBe(git.text);
          continue;
        }
        seen.conflict++;
        expect(mergedText(merge, []), replay).toBeNull();
        for (const [choice, mode] of [
          ['mine', '--ours'],
          ['theirs', '--theirs'],
          ['both', '--union'],
        ] as const) {
          const settled = mergedText(merge, all(choice, merge.conflicts));
          expect(settled, `${replay} ${choice}`).toBe(gitMergeFile(...texts, mode).text);
        }
      }
      if (name === 'apart' || name === 'identical' || name === 'mineReverted') {
        expect(seen.conflict).toBe(0);
      } else {
        expect(seen.conflict).toBeGreaterThan(0);
      }
      if (name !== 'undoneUpstream') expect(seen.clean).toBeGreaterThan(0);
      // Up to four git processes a case: generous for a loaded 2-core machine.
    }, 120_000);
  }
});

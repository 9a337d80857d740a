// The answer the apply rows read: 300 blocks over 100 files, about 2 MB, in every format a
// model uses (search/replace blocks, unified diffs, whole files), with prose between them.
// Deterministic, so the Node row (apply.ts) and the browser row read the same answer; every
// block applies cleanly to `files`.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const APPLY_BENCH_FILES = 100;
export const APPLY_BENCH_BLOCKS = 300;
/** Lines per project file (about 24 KB each). */
const FILE_LINES = 560;
/** Lines a search/replace block or a diff hunk replaces. */
const CHANGED_LINES = 55;

export interface ApplyBenchAnswer {
  /** The project as it is before the apply (path → text). */
  files: Map<string, string>;
  answer: string;
}

const pathOf = (f: number) => `src/module-${Math.floor(f / 10)}/file-${f}.ts`;
const lineOf = (f: number, i: number, version = '') =>
  `  const value_${f}_${i}${version} = compute(${i}, 'file ${f} line ${i}');`;

const fence = '```';

/** Edits every 7th line of the region; `current` is the file's text as the block finds it. */
function searchReplaceBlock(current: string[], f: number, from: number): string {
  const search: string[] = [];
  const replace: string[] = [];
  for (let i = from; i < from + CHANGED_LINES; i++) {
    search.push(current[i] ?? '');
    replace.push(i % 7 === 0 ? lineOf(f, i, '_edited') : (current[i] ?? ''));
  }
  return `<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replace.join('\n')}\n>>>>>>> REPLACE`;
}

function diffBlock(f: number, from: number): string {
  const path = pathOf(f);
  const lines = [`--- a/${path}`, `+++ b/${path}`];
  const count = CHANGED_LINES + 6;
  lines.push(`@@ -${from - 2},${count} +${from - 2},${count} @@`);
  for (let i = from - 3; i < from; i++) lines.push(` ${lineOf(f, i)}`);
  for (let i = from; i < from + CHANGED_LINES; i++) lines.push(`-${lineOf(f, i)}`);
  for (let i = from; i < from + CHANGED_LINES; i++) lines.push(`+${lineOf(f, i, '_patched')}`);
  for (let i = from + CHANGED_LINES; i < from + CHANGED_LINES + 3; i++)
    lines.push(` ${lineOf(f, i)}`);
  return `${fence}diff\n${lines.join('\n')}\n${fence}`;
}

/** Three regions of a file, apart from each other, that the three blocks of a file edit. */
const REGIONS = [20, 220, 420];

export function applyBenchAnswer(): ApplyBenchAnswer {
  const files = new Map<string, string>();
  const parts = ['Here are the changes for the refactoring you asked for.', ''];
  for (let f = 0; f < APPLY_BENCH_FILES; f++) {
    const original = Array.from({ length: FILE_LINES }, (_, i) => lineOf(f, i));
    files.set(pathOf(f), `${original.join('\n')}\n`);
    const path = pathOf(f);
    parts.push(`### Step ${f + 1}`, '', `This updates the computations in \`${path}\`.`, '');
    if (f < 50) {
      for (const from of REGIONS)
        parts.push(`**${path}**`, `${fence}ts`, searchReplaceBlock(original, f, from), fence, '');
    } else if (f < 90) {
      for (const from of REGIONS) parts.push(diffBlock(f, from), '');
    } else {
      // A whole file, then two search/replace blocks on the text it wrote.
      const rewritten = original.map((line, i) => (i % 11 === 0 ? `${line} // reviewed` : line));
      parts.push(`${path}`, `${fence}ts`, ...rewritten, fence, '');
      for (const from of REGIONS.slice(0, 2)) {
        parts.push(
          `**${path}**`,
          `${fence}ts`,
          searchReplaceBlock(rewritten, f, from + 1),
          fence,
          '',
        );
      }
    }
  }
  parts.push('That is all; run the tests afterwards.');
  return { files, answer: parts.join('\n') };
}

/** Writes the bench project's files under `dir` (folders made as needed). */
export async function writeApplyBenchFiles(dir: string, files: Map<string, string>): Promise<void> {
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

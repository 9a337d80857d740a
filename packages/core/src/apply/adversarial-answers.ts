/**
 * Answers of about 2 MB built to make a careless reader or matcher slow (decision 090):
 * long lines that make expressions backtrack, many fences, repeated lines, many
 * near-identical blocks. The core test plans each within a bound, and the bench times the
 * slowest. Deterministic; no file a model would really send.
 */
import { touchedPaths } from './edit-route';
import { parseAnswer } from './parse';
import { planApply } from './plan';
import type { FileText } from './types';

export interface AdversarialAnswer {
  name: string;
  answer: string;
  /** The project's files (path → text). */
  files: Map<string, string>;
}

const SIZE = 2_000_000;
const fence = '```';
const sr = (search: string, replace: string) =>
  `<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;

/** `unit` repeated until the text is about `size` characters long. */
const fill = (unit: string, size = SIZE) =>
  unit.repeat(Math.max(1, Math.floor(size / unit.length)));

function nearIdenticalFunctions(count: number): string {
  const parts: string[] = [];
  for (let k = 0; k < count; k++)
    parts.push(
      `function handler${k}(event) {\n  const value = read(event, ${k});\n  return value;\n}\n`,
    );
  return parts.join('');
}

export function adversarialAnswers(): AdversarialAnswer[] {
  const repeated = fill('}\n', 200_000);
  const indented = Array.from({ length: 200_000 }, (_, k) => `${' '.repeat(k % 7)}x\n`).join('');
  const tabbed = Array.from({ length: 200_000 }, (_, k) => `${'\t'.repeat(k % 7)}x\n`).join('');
  const functions = nearIdenticalFunctions(8_000);
  const blocks: string[] = [];
  for (let k = 0, size = 0; size < SIZE; k = (k + 997) % 8_000, size += blocks.at(-1)!.length)
    blocks.push(
      `src/h.js\n${fence}js\n${sr(`function handler${k}(evt) {\n  const value = read(evt, ${k});\n  return value;\n}\n`, `function handler${k}(event) {\n  return read(event, ${k});\n}\n`)}${fence}\n\n`,
    );
  const marker = '  // ... existing code ...\n';
  const withMarkers = fill(`const a = 1;\n${marker}`, 600_000);
  const rewrite = Array.from({ length: 150_000 }, (_, k) => `line ${k % 3}\n`).join('');
  const rewritten = Array.from({ length: 150_000 }, (_, k) => `line ${(k + 1) % 4}\n`).join('');
  const records = Array.from(
    { length: 60_000 },
    (_, k) => `record number ${k} holds the value ${k * 7}\n`,
  ).join('');
  const nearRecords: string[] = [];
  for (let k = 0, size = 0; size < SIZE; k += 450, size += nearRecords.at(-1)!.length) {
    const lines = Array.from(
      { length: 400 },
      (_, j) => `record numbr ${k + j} holds the valeu ${(k + j) * 7}\n`,
    ).join('');
    nearRecords.push(`data.txt\n${fence}\n${sr(lines, 'x\n')}${fence}\n\n`);
  }
  return [
    { name: 'a <file line that never closes', answer: `<file ${fill(' ')}x`, files: new Map() },
    {
      name: 'a <file tag of unclosed attributes',
      answer: `<file ${fill('path="')}>\nx\n</file>\n`,
      files: new Map(),
    },
    {
      name: 'comment lines of long space and star runs',
      answer: `a.ts\n${fence}\n// ...${fill(' ', SIZE / 2)}x\n// ...${fill('*', SIZE / 2)}x\n${fence}\n`,
      files: new Map([['a.ts', 'x\n']]),
    },
    {
      name: 'many fences, some with long info strings',
      answer: fill(`a.ts\n${fence}ts title="${'title="'.repeat(50)}\nx\n${fence}\n${fence}\n`),
      files: new Map([['a.ts', 'x\n']]),
    },
    {
      name: 'a search block of a repeated line in a file of it',
      answer: `a.txt\n${fence}\n${sr(fill('}\n', SIZE / 2 - 10) + '{\n', 'x\n')}${fence}\n`,
      files: new Map([['a.txt', repeated]]),
    },
    {
      name: 'a search block whose lines match at every indentation',
      answer: fill(`a.txt\n${fence}\n${sr(fill('  x\n x\n', 2_000), 'y\n')}${fence}\n`),
      files: new Map([['a.txt', indented]]),
    },
    {
      name: 'blocks in spaces whose lines match at every tab depth',
      answer: fill(`a.txt\n${fence}\n${sr(fill('    x\n        x\n', 2_000), 'y\n')}${fence}\n`),
      files: new Map([['a.txt', tabbed]]),
    },
    {
      name: 'blocks with blank edge lines around a repeated line',
      answer: fill(`a.txt\n${fence}\n${sr(`\n\n\n${fill('}\n', 2_000)}\n\n\n`, 'y\n')}${fence}\n`),
      files: new Map([['a.txt', repeated]]),
    },
    {
      name: 'hunks without numbers on a repeated line',
      answer: fill(`--- a/a.txt\n+++ b/a.txt\n@@ @@\n }\n-}\n+{\n }\n`),
      files: new Map([['a.txt', repeated]]),
    },
    {
      name: 'near-identical blocks that all miss by a word',
      answer: blocks.join(''),
      files: new Map([['src/h.js', functions]]),
    },
    {
      name: 'elision markers the file already holds, in every block',
      answer: fill(`a.ts\n${fence}\n${sr('const a = 1;\n', `const a = 2;\n${marker}`)}${fence}\n`),
      files: new Map([['a.ts', withMarkers]]),
    },
    {
      name: 'long diff --git names and quoted names of escapes',
      answer: `diff --git ${fill('a/x b/', SIZE / 2)}\n--- "${fill('\\\\', SIZE / 2)}"\n+++ b/x\n@@ -1 +1 @@\n-x\n+y\n`,
      files: new Map([['x', 'x\n']]),
    },
    {
      name: 'long blocks that miss by a word on every line',
      answer: nearRecords.join(''),
      files: new Map([['data.txt', records]]),
    },
    {
      name: 'a whole-file rewrite that differs on every line',
      answer: `a.txt\n${fence}\n${rewritten}${fence}\n`,
      files: new Map([['a.txt', rewrite]]),
    },
  ];
}

/** Parses an adversarial answer and plans it on the project's files it touches. */
export function planAdversarial({ answer, files }: AdversarialAnswer) {
  const parsed = parseAnswer(answer);
  const texts = new Map<string, FileText | null>(
    touchedPaths(parsed).map((path) => {
      const text = files.get(path);
      return [path, text === undefined ? null : { text }];
    }),
  );
  return { parsed, plan: planApply(parsed, texts) };
}

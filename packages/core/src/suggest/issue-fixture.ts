/*
 * A small project for the tests of an issue's shape (issue-shape.ts, rank.ts): a title's
 * module, a log's module, a table and the width it imports, beside modules no request names.
 */

import { lines } from './fixture';

/** Modules no request of these tests names: a term in one file is rare, as in a project. */
const filler = Object.fromEntries(
  ['colors', 'dates', 'units', 'queue', 'cache', 'paths'].map((topic, i) => [
    `src/lib/${topic}.ts`,
    lines(
      `export function ${topic}Value(input: string): string {`,
      `  return input + '${i}';`,
      '}',
    ),
  ]),
);

export const ISSUE_PROJECT: Record<string, string> = {
  ...filler,
  // The title's words: where the fix goes.
  'src/sync/conflicts.ts': lines(
    'export function mergeConflict(local: string, remote: string): string {',
    '  // a conflict keeps the remote edit beside the local one',
    '  return local === remote ? local : `${local}\\n${remote}`;',
    '}',
  ),
  // The body's log words, many times over: where the report's noise points.
  'src/sync/upload.ts': lines(
    'export function uploadBatch(batch: string[], timeout: number): number {',
    '  // upload each item of the batch; a timeout retries the upload',
    '  let sent = 0;',
    '  for (const item of batch) sent += item.length > timeout ? 0 : 1;',
    '  return sent;',
    '}',
  ),
  // The module the best file imports: what a report's words barely meet.
  'src/render/table.ts': lines(
    "import { cellWidth } from './width';",
    '/** Draw the table: each row, each column padded to its width. */',
    'export function drawTable(rows: string[][]): string {',
    "  return rows.map((row) => row.map((cell) => cell.padEnd(cellWidth(cell))).join(' ')).join('\\n');",
    '}',
  ),
  'src/render/width.ts': lines(
    'export function cellWidth(cell: string): number {',
    '  // wide characters take two columns',
    '  return [...cell].length;',
    '}',
  ),
  'src/render/legend.ts': lines(
    '/** The legend under a chart: its rows and its columns. */',
    'export const legend = (rows: string[]) => rows.join(" ");',
  ),
};

/** An issue's body: a log's words, many times over the title's, and prose that points nowhere. */
export const ISSUE_BODY = [
  'Steps: edit a note on the laptop and on the phone while offline, then go online.',
  'The sync log says:',
  '',
  '```',
  'upload batch 1 timeout, retrying',
  'upload batch 2 sent',
  '```',
  '',
  'Expected: both edits kept. Seen on every device we tried, with small and large notes,',
  'at home and at work; clearing the cache or signing out first changes nothing here.',
];

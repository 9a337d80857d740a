import { describe, expect, it } from 'vitest';
import { indexFile } from './index-file';
import { ISSUE_BODY, ISSUE_PROJECT } from './issue-fixture';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS, weightsFor } from './weights';
import { parseRequest } from './request';

const index = buildProjectIndex(
  Object.entries(ISSUE_PROJECT).map(([path, text]) => indexFile({ path, text })),
);

const paths = (request: string, weights = DEFAULT_WEIGHTS) =>
  rankFiles(request, index, { weights }).map((file) => file.path);

describe("an issue's shape", () => {
  const body = ISSUE_BODY;
  const issue = ['Merge conflict drops the remote edit', '', ...body].join('\n');

  it("counts a long request's title twice, below the first file its words as written rank", () => {
    expect(parseRequest(issue).terms.size).toBeGreaterThan(40);
    const scored = (request: string) =>
      new Map(rankFiles(request, index).map((file) => [file.path, file.score]));
    const titled = paths(issue);
    // The body's log words rank the upload first, and it stays first; the title's words lift
    // the conflicts module right under it.
    expect(titled.slice(0, 2), titled.join('\n')).toEqual([
      'src/sync/upload.ts',
      'src/sync/conflicts.ts',
    ]);
    // The same words with no blank line after the first: no title, counted once.
    const untitled = ['Merge conflict drops the remote edit', ...body].join('\n');
    expect(scored(issue).get('src/sync/conflicts.ts')).toBeGreaterThan(
      scored(untitled).get('src/sync/conflicts.ts')!,
    );
  });

  it("lifts the modules a long request's best file imports or is imported by", () => {
    const report = [
      'Table columns are misaligned',
      '',
      'When I draw a table whose rows hold emoji, the columns after them are shifted: each row',
      'is padded as if the emoji took one column. Steps: make a table of three rows and two',
      'columns, put an emoji in the first cell, draw it. Expected: the columns line up as they',
      'do with plain letters. It happens in the terminal and in the exported text file alike,',
      'on every platform we tried, in light and dark themes.',
    ].join('\n');
    expect(parseRequest(report).terms.size).toBeGreaterThan(40);
    const ranked = paths(report);
    expect(ranked.slice(0, 2), ranked.join('\n')).toEqual([
      'src/render/table.ts',
      'src/render/width.ts',
    ]);
    const without = paths(report, { ...DEFAULT_WEIGHTS, near: 0 });
    expect(without.indexOf('src/render/width.ts'), without.join('\n')).toBeGreaterThan(1);
    // A short request is not lifted so: its few words say less about its best file.
    expect(weightsFor(40, DEFAULT_WEIGHTS).near).toBe(0);
  });
});

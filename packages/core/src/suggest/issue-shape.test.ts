import { describe, expect, it } from 'vitest';
import { indexFile } from './index-file';
import { ISSUE_BODY, ISSUE_PROJECT } from './issue-fixture';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS, filedReport, weightsFor } from './weights';
import { parseRequest } from './request';
import { lines } from './fixture';

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

describe("a report's error words", () => {
  const project = buildProjectIndex([
    indexFile({
      path: 'pkg/errors.py',
      text: lines(
        'class ConfigError(Exception):',
        '    """Raised when a configuration cannot be read."""',
        '',
        'class ValidationError(ConfigError):',
        '    """Raised when a value does not fit its schema."""',
      ),
    }),
    indexFile({
      path: 'pkg/merge.py',
      text: lines(
        'def merge(defaults, values):',
        '    merged = dict(defaults)',
        '    for section, items in values.items():',
        '        merged[section] = items',
        '    return merged',
      ),
    }),
    indexFile({
      path: 'pkg/loader.py',
      text: lines(
        'from pkg.merge import merge',
        '',
        'def load(path, defaults):',
        '    return merge(defaults, read_file(path))',
      ),
    }),
    indexFile({
      path: 'pkg/schema.py',
      text: lines('def check(values, schema):', '    return all(k in schema for k in values)'),
    }),
    indexFile({ path: 'pkg/cli.py', text: lines('def main(argv):', '    return run(argv[1:])') }),
    indexFile({
      path: 'pkg/io.py',
      text: lines(
        'def read_file(path):',
        '    with open(path) as f:',
        '        return parse(f.read())',
      ),
    }),
  ]);
  const ranked = (request: string) => rankFiles(request, project);
  const report = [
    'Nested sections of the defaults are lost',
    '',
    'When the defaults hold a nested section and the file holds the same section, only the',
    'items of the file are kept and the defaults of that section are gone; reading the result',
    'later raises an error, a KeyError exception in our own code. No errors are shown while',
    'loading, no exception either: the error only shows when a key of the defaults is read.',
    'Python 3.12, the latest release, on Linux and macOS both.',
  ].join('\n');

  it('are no path words: the errors module stays below the file the report is about', () => {
    expect(parseRequest(report).terms.size).toBeGreaterThan(40);
    const files = ranked(report);
    const order = files.map((file) => file.path);
    expect(order[0], order.join('\n')).toBe('pkg/merge.py');
    const errors = files.find((file) => file.path === 'pkg/errors.py')!;
    expect(errors.reasons.map((reason) => reason.kind)).not.toContain('path');
  });

  it('leave the file defining an error class the request names first', () => {
    expect(ranked('ValidationError has no message')[0]!.path).toBe('pkg/errors.py');
    const named = ranked(`${report}\nThe ValidationError it should raise is never raised.`);
    expect(named[0]!.path, named.map((file) => file.path).join('\n')).toBe('pkg/errors.py');
  });
});

describe('filedReport', () => {
  const problem = [
    'When I run meta end_host in a rescue block, the play finishes with rc=2 although every',
    'host ended cleanly; I expect the exit code zero as usual. The iterator marks the host',
    'failed before the strategy reads the rescue state, so the summary counts a failure that',
    'never happened and the callback prints the recap in red for each remaining task.',
  ].join('\n');

  it('tells a long report filed through a template from a long commit message', () => {
    const report = `meta end_host returns rc=2 in a rescue block\n\n### Summary\n\n${problem}\n\n### Ansible Version\n\n    ansible [core 2.16.6]\n`;
    expect(filedReport(report)).toBe(true);
    // The same words as a commit's body: no template was cut, however long it is.
    expect(filedReport(`fix: rc=2 after end_host in a rescue block\n\n${problem}\n`)).toBe(false);
    // A short templated line is no report either.
    expect(filedReport('end_host rc\n\n### Summary\n\nrc=2 in rescue\n')).toBe(false);
  });
});

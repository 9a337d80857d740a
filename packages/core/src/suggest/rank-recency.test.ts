import { describe, expect, it } from 'vitest';
import { buildProjectIndex } from './project-index';
import { indexFile } from './index-file';
import { rankFiles } from './rank';

const index = buildProjectIndex(
  [
    [
      'src/render/table.py',
      'def render_table(rows, width):\n    """Render rows of a table at a width, wrapping long cells."""\n    return wrap_cells(rows, width)\n',
    ],
    [
      'src/render/cells.py',
      'def wrap_cells(rows, width):\n    return [cell[:width] for cell in rows]\n',
    ],
    ['src/render/colors.py', 'def color_table(rows):\n    return rows\n'],
    ['src/render/borders.py', 'def table_borders(width):\n    return "-" * width\n'],
    ['src/mode.py', 'class Mode:\n    preview = False\n    pad_cells = True\n'],
    ['src/release.py', 'def older_release():\n    return "release"\n'],
    ['src/columns.py', 'def last_column(columns):\n    return columns[-1]\n'],
    ['src/words.py', 'def cut_word(word):\n    return word\n'],
    ['src/cli.py', 'def main():\n    pass\n'],
  ].map(([path, text]) => indexFile({ path: path!, text: text! })),
);

const words = [
  'Table rendering wraps long cells at the wrong width',
  '',
  'When a table has a long cell, render_table wraps the cell at the terminal width instead of',
  'the column width, so the borders and colors of the table no longer line up with the rows.',
  'Rows with many columns are cut in the middle of a word, and the last column is lost when',
  'the preview is on. This started after the last release; older releases padded each cell.',
  '',
];
const trace = ['$ tool render --width 40 rows.csv', 'Traceback: render_table wrap_cells'];

describe('recent changes below the first file', () => {
  const rankOf = (request: string, path: string) =>
    rankFiles(request, index, { recency: new Map([['src/mode.py', 0.5]]) })
      .map((file) => file.path)
      .indexOf(path);

  it('count more in a report than in a long commit message', () => {
    // A report pastes its trace in a fence; the recently changed file rises above files that
    // meet as few of its words.
    const report = [...words, '```', ...trace, '```'].join('\n');
    expect(rankOf(report, 'src/mode.py')).toBeLessThan(rankOf(report, 'src/words.py'));
    // The same words as a commit message's body: recency counts once, and the file stays below.
    const commit = [...words, ...trace].join('\n');
    expect(rankOf(commit, 'src/mode.py')).toBeGreaterThan(rankOf(commit, 'src/words.py'));
  });
});

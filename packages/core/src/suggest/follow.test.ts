import { describe, expect, it } from 'vitest';
import { flagDefinitions } from './flags';
import { indexFile } from './index-file';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS } from './weights';

describe('the field a flag sets', () => {
  it("reads a Go switch's case and ripgrep's update, as written", () => {
    const go = [
      'switch arg {',
      'case "+s", "--no-sort":',
      '\topts.Sort = 0',
      'case "--height":',
      '\tstr := nextString()',
      '\tif opts.Height, err = parseHeight(str); err != nil {',
      '\t\treturn err',
      '\t}',
      'case "--tac":',
      'default:',
      '\topts.Query = arg',
      '}',
    ].join('\n');
    expect(flagDefinitions('src/options.go', go).filter((d) => d.includes('>'))).toEqual([
      'nosort>Sort',
      'height>Height',
    ]);
    const rust = [
      'impl Flag for LineBuffered {',
      "    fn name_long(&self) -> &'static str {",
      '        "line-buffered"',
      '    }',
      '    fn update(&self, v: FlagValue, args: &mut LowArgs) -> anyhow::Result<()> {',
      '        args.buffer = BufferMode::Line;',
      '    }',
      '}',
      'impl Flag for Trim {',
      "    fn name_long(&self) -> &'static str {",
      '        "trim"',
      '    }',
      '}',
    ].join('\n');
    expect(flagDefinitions('crates/core/flags/defs.rs', rust).sort()).toEqual([
      'linebuffered',
      'linebuffered>buffer',
      'trim',
    ]);
  });
});

describe('the follow signal', () => {
  const files: Record<string, string> = {
    'src/options.go': [
      'package fzf',
      '// Options of the finder: how the list of results is shown.',
      'func parseOptions(opts *Options, args []string) {',
      '\tswitch arg {',
      '\tcase "+s", "--no-sort":',
      '\t\topts.Sort = 0',
      '\tcase "--height":',
      '\t\topts.Height = 10',
      '\t}',
      '}',
    ].join('\n'),
    'src/merger.go': [
      'package fzf',
      'type Merger struct { lists [][]Result; sorted bool }',
      'func (mg *Merger) Get(idx int) Result {',
      '\tif mg.sorted { return mg.mergedGet(idx) }',
      '\treturn mg.lists[0][idx]',
      '}',
    ].join('\n'),
    'src/terminal.go': [
      'package fzf',
      '// The results list jumps when it is redrawn while the items update.',
      'func (t *Terminal) printList() { t.redrawList() }',
    ].join('\n'),
    'src/reader.go':
      'package fzf\n// Reads the items and updates the list of results.\nfunc readItems() {}\n',
    'src/list.go':
      'package fzf\n// A list of results, updated as items come.\ntype List struct{}\n',
    'shell/completion.bash': "_fzf_opts='--no-sort --height'\n",
  };
  const index = buildProjectIndex(
    Object.entries(files).map(([path, text]) => indexFile({ path, text })),
  );
  const request = 'With `fzf --no-sort` the list of results jumps while the items update';

  it('lifts the code using the field the flag sets, with a reason', () => {
    const ranked = rankFiles(request, index);
    const paths = ranked.map((file) => file.path);
    expect(paths.indexOf('src/merger.go')).toBeLessThan(paths.indexOf('src/reader.go'));
    expect(ranked.find((file) => file.path === 'src/merger.go')!.reasons).toContainEqual({
      kind: 'flag',
      flag: '--no-sort',
      defines: false,
      uses: 'Sort',
      message: 'uses `Sort`, set by --no-sort',
    });
  });

  it('does not know it without it', () => {
    const paths = rankFiles(request, index, { weights: { ...DEFAULT_WEIGHTS, follow: 0 } }).map(
      (file) => file.path,
    );
    expect(paths.indexOf('src/merger.go')).toBeGreaterThan(paths.indexOf('src/reader.go'));
  });
});

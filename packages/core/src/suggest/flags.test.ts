import { describe, expect, it } from 'vitest';
import { flagDefinitions, flagsIn } from './flags';
import { indexFile } from './index-file';
import { buildProjectIndex } from './project-index';
import { derived } from './derived';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS } from './weights';
import { parseRequest } from './request';
import { definitionScores } from './signals';

describe('flags a request names', () => {
  it('reads long flags in prose, quotes and commands, each once, by whole form', () => {
    const flags = flagsIn(
      [
        'With `--no-ignore-dot` and --print0, then `rg --print0 -L x` (see -x/--exec).',
        '--- a/src/x.rs',
        'a--b, <!-- comment -->, x --> y',
      ].join('\n'),
    );
    expect([...flags]).toEqual([
      ['noignoredot', '--no-ignore-dot'],
      ['print0', '--print0'],
      ['exec', '--exec'],
    ]);
  });
});

describe('flags a file defines', () => {
  it('reads clap: a field bound to another name, a derived long name, a builder, ripgrep', () => {
    const text = [
      '#[arg(',
      '    long = "print0",',
      '    conflicts_with("list_details"),',
      ')]',
      'pub null_separator: bool,',
      '/// Strip the prefix.',
      '#[arg(long, conflicts_with_all(&["path", "search_path"]), value_name = "when")]',
      'strip_cwd_prefix: Option<bool>,',
      "#[arg(short = 'x')]",
      'pub exec: Option<String>,',
      'Arg::new("hidden").long("hidden")',
      "fn name_long(&self) -> &'static str {",
      '    "no-ignore-dot"',
      '}',
    ].join('\n');
    expect(flagDefinitions('src/cli.rs', text).sort()).toEqual([
      'hidden',
      'noignoredot',
      'print0',
      'print0=nullseparator',
      'stripcwdprefix',
    ]);
  });

  it('reads click, argparse, pflag, a Go switch and a zsh completion; not Markdown', () => {
    expect(
      flagDefinitions('src/black/__init__.py', '@click.option("-l", "--line-length", type=int)'),
    ).toEqual(['linelength']);
    expect(
      flagDefinitions('cli.py', "parser.add_argument('--dry-run', action='store_true')"),
    ).toEqual(['dryrun']);
    expect(
      flagDefinitions(
        'cmd/root.go',
        'cmd.Flags().BoolVarP(&opts.followLinks, "follow", "L", false, "follow links")\n' +
          'switch arg {\ncase "--preview-window":\n}',
      ).sort(),
    ).toEqual(['follow=followlinks', 'previewwindow']);
    expect(
      flagDefinitions('contrib/completion/_fd', "{-L,--follow}'[follow symbolic links]'"),
    ).toEqual(['follow']);
    expect(flagDefinitions('README.md', 'Use `--follow` or "follow" to follow links.')).toEqual([]);
  });
});

describe('the flag signal', () => {
  const files: Record<string, string> = {
    'src/cli.rs': [
      'pub struct Opts {',
      '    #[arg(long = "print0", short = \'0\')]',
      '    pub null_separator: bool,',
      '    #[arg(long)]',
      '    pub max_results: Option<usize>,',
      '}',
    ].join('\n'),
    'src/output.rs': [
      'pub fn print_entry(out: &mut impl Write, entry: &Path, config: &Config) {',
      '    if config.null_separator { write!(out, "\\0") } else { writeln!(out) }',
      '}',
    ].join('\n'),
    'src/pipe.rs': [
      '/// Results piped to another command, one per line, separated.',
      'pub fn pipe_results(results: &[Result]) -> Piped { separated(results, "\\n") }',
      'fn separated(results: &[Result], by: &str) -> Piped { Piped::join(results, by) }',
    ].join('\n'),
    'src/walk.rs': 'pub fn walk(root: &Path) -> Vec<Result> { results(root) }',
    'src/config.rs': 'pub struct Config { pub separated_results: bool }',
  };
  const index = buildProjectIndex(
    Object.entries(files).map(([path, text]) => indexFile({ path, text })),
  );
  const request = 'Results piped with --print0 are not separated';

  it('lifts the file that defines the flag and the one reading its variable, with reasons', () => {
    const ranked = rankFiles(request, index);
    const paths = ranked.map((file) => file.path);
    expect(paths.slice(0, 2).sort()).toEqual(['src/cli.rs', 'src/output.rs']);
    expect(ranked.find((file) => file.path === 'src/cli.rs')!.reasons).toContainEqual({
      kind: 'flag',
      flag: '--print0',
      defines: true,
      message: 'defines --print0, named in the request',
    });
    expect(ranked.find((file) => file.path === 'src/output.rs')!.reasons).toContainEqual({
      kind: 'flag',
      flag: '--print0',
      defines: false,
      message: 'reads --print0, named in the request',
    });
  });

  it('does not know them without it', () => {
    const paths = rankFiles(request, index, {
      weights: { ...DEFAULT_WEIGHTS, flag: 0, follow: 0 },
    }).map((file) => file.path);
    expect(paths.indexOf('src/output.rs') === -1 || paths.indexOf('src/output.rs') > 1).toBe(true);
  });
});

describe('a folder a flag names', () => {
  const files: Record<string, string> = {
    'src/cli.rs': [
      'pub struct Opts {',
      '    #[arg(long)]',
      '    pub exec: Option<CommandSet>,',
      '}',
    ].join('\n'),
    'src/exec/job.rs': [
      'pub fn batch(paths: &[PathBuf], cmd: &CommandSet) -> ExitCode {',
      '    cmd.run_all(paths)',
      '}',
    ].join('\n'),
    'src/exec/mod.rs': 'mod job;\npub struct CommandSet { pub args: Vec<String> }',
    'src/output.rs': [
      '/// Each result is printed on its own line, its bytes as they are.',
      'pub fn print_result(out: &mut impl Write, path: &Path) { writeln!(out, "{}", path) }',
    ].join('\n'),
    'src/walk.rs': '/// Each result of the walk, sent to the printer.\npub fn walk() {}',
    'src/printer.rs': '/// Each result printed, a null byte after it.\npub fn print_null() {}',
    'src/format.rs':
      '/// The bytes of a printed result: a null byte drops nothing.\npub fn bytes() {}',
    'src/filter.rs': '/// Drops each result the filter refuses.\npub fn drops() {}',
  };
  const index = buildProjectIndex(
    Object.entries(files).map(([path, text]) => indexFile({ path, text })),
  );
  const request = 'Each result printed with --exec drops the null byte';

  it('lifts the files in it, with a reason, though they hold no name of the flag', () => {
    const ranked = rankFiles(request, index);
    const paths = ranked.map((file) => file.path);
    expect(paths.indexOf('src/exec/job.rs')).toBeGreaterThan(-1);
    expect(paths.indexOf('src/exec/job.rs')).toBeLessThan(paths.indexOf('src/filter.rs'));
    expect(ranked.find((file) => file.path === 'src/exec/job.rs')!.reasons).toContainEqual({
      kind: 'flag',
      flag: '--exec',
      defines: false,
      folder: 'src/exec/',
      message: 'in src/exec/, the folder --exec names',
    });
  });

  it('does not know them without it', () => {
    const paths = rankFiles(request, index, {
      weights: { ...DEFAULT_WEIGHTS, flag: 0 },
    }).map((file) => file.path);
    expect(paths.indexOf('src/exec/job.rs')).toBeGreaterThan(paths.indexOf('src/filter.rs'));
  });
});

describe('a flag a request names', () => {
  it('counts once, by the flag signal: its name is not also a defined name', () => {
    const index = buildProjectIndex([
      indexFile({
        path: 'crates/core/flags/defs.rs',
        text: [
          'struct Replace;',
          'impl Flag for Replace {',
          "    fn name_long(&self) -> &'static str {",
          '        "replace"',
          '    }',
          '}',
          'struct Multiline;',
        ].join('\n'),
      }),
      indexFile({ path: 'crates/printer/src/util.rs', text: 'fn replace_all() {}\n' }),
    ]);
    const d = derived(index);
    const parsed = parseRequest('`rg --replace x` panics with Multiline');
    const defines = definitionScores(parsed, d);
    const defs = index.byPath.get('crates/core/flags/defs.rs')!;
    // `Multiline`, a name the request gives, still counts; `--replace` counts as a flag only.
    expect(defines.get(defs)).toBeCloseTo(
      definitionScores(parseRequest('Multiline'), d).get(defs)!,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { derived } from './derived';
import { PASSAGE_FIXTURE, SUGGEST_CASES, SUGGEST_FIXTURE, lines } from './fixture';
import { indexFile } from './index-file';
import { ISSUE_BODY, ISSUE_PROJECT } from './issue-fixture';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { referenceRanking } from './rank-reference';
import { parseRequest } from './request';
import { namedPackages } from './signals';
import type { ProjectIndex } from './types';
import { DEFAULT_WEIGHTS, LONG_REQUEST_TERMS } from './weights';

/*
 * rankFiles against the reference ranking (rank-reference.ts), which scores each reading of a
 * request on its own, every rule written out: the cases below reach each of its rules.
 */

const issueProject = ISSUE_PROJECT;
const body = ISSUE_BODY;

const report = PASSAGE_FIXTURE.request;
const history = SUGGEST_CASES.find((c) => c.signal === 'history')!.history!;

const FLAG_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'src/cli.rs': lines(
    'pub struct Opts {',
    '    /// Separate results by NUL.',
    '    #[arg(long = "print0", short = \'0\')]',
    '    pub null_separator: bool,',
    '    #[arg(long)]',
    '    pub max_results: Option<usize>,',
    '}',
  ),
  'src/output.rs': lines(
    'pub fn print_entry(out: &mut impl Write, entry: &Path, config: &Config) {',
    '    if config.null_separator { write!(out, "\\0") } else { writeln!(out) }',
    '}',
  ),
  'src/exec/batch.rs': lines(
    '/// Each entry piped to the command, one batch at a time.',
    'pub fn run_batch(entries: &[Entry], config: &Config) {',
    '    let sep = if config.null_separator { 0 } else { 10 };',
    '    spawn(entries, sep)',
    '}',
  ),
  'src/pipe.rs': lines(
    '/// Results piped to another command: each entry written, then the pipe flushed.',
    'pub fn pipe_results(results: &[Entry]) -> Piped { flush(write_each(results)) }',
    'fn write_each(results: &[Entry]) -> Piped { Piped::entries(results) }',
    '// a broken pipe ends the results early; the entry is cut',
  ),
  // Uses the flag's own name: `follow` finds it, the flag signal does not (a one-word flag).
  'src/exec/job.rs': lines(
    'pub fn job_args(config: &Config) -> Vec<&str> {',
    '    if config.print0 { vec!["-0"] } else { vec![] }',
    '}',
  ),
  'contrib/completion/_tool': lines(
    '#compdef tool',
    "_arguments '(-0 --print0)'{-0,--print0}'[separate results by NUL, for xargs -0 when piped]'",
  ),
};

const FLAG_REQUEST = [
  'Results piped with --print0 are cut after the first entry',
  '',
  'Steps: run `tool --print0 src | xargs -0 wc -l` in a folder of many entries.',
  'Only the first entry reaches xargs; the others are lost when the pipe is flushed.',
  'Expected: every entry written to the pipe, each followed by a NUL byte, as the',
  'manual says. Seen with a broken pipe warning on stderr, on Linux and macOS alike,',
  'with small and large folders; running without the flag prints every entry.',
].join('\n');

const SCOPED_REQUEST = '_tool: results piped to xargs are cut after the first entry';

const goFile = (pkg: string, imports: string[], ...body: string[]) =>
  lines(`package ${pkg}`, '', ...imports.map((i) => `import "${i}"`), '', ...body);

const GO_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'go.mod': lines('module example.com/app', '', 'go 1.22'),
  'cmd/root.go': goFile(
    'cmd',
    ['example.com/app/internal/parse'],
    '// ExecuteRootCommand runs the root command: its arguments are split into tokens, the',
    '// quoted ones kept whole, and each token is dispatched to its subcommand.',
    'func ExecuteRootCommand(args []string) {',
    '\tfor _, token := range parse.Tokens(args) {',
    '\t\tdispatch(token)',
    '\t}',
    '}',
  ),
  'internal/parse/parse.go': goFile(
    'parse',
    [],
    '// Tokens splits the arguments; a quoted argument stays one token.',
    'func Tokens(args []string) []string {',
    '\treturn args',
    '}',
  ),
  'internal/parse/lex.go': goFile('parse', [], 'func lex() {}'),
  'cmd/help.go': goFile(
    'cmd',
    [],
    '// The help of the root command and of each subcommand.',
    'func helpFor(name string) string { return name }',
  ),
};

const GO_REQUEST = [
  'Root command drops quoted arguments',
  '',
  'Steps: run `app "two words" next` from a shell. The root command dispatches three',
  'subcommands instead of two: the quoted argument is split into two tokens. Expected:',
  'a quoted argument kept whole as one token. Seen on every platform we tried, with',
  'single and double quotes alike, whether the arguments come from a script or a terminal;',
  'older releases kept them whole.',
].join('\n');

const TEMPLATE_REQUEST = [
  'Merge conflict drops the remote edit',
  '',
  'Editing one note offline on two devices keeps only the local edit.',
  '',
  '### Environment',
  '',
  'Laptop running the desktop client, phone running the mobile client, both signed into',
  'one account; a tablet was idle. Network: hotel wifi, captive portal, flaky roaming.',
  'Storage almost full, battery saver enabled, dark theme, large fonts, screen reader,',
  'keyboard shortcuts customised, spellcheck disabled, telemetry opted out, beta channel.',
].join('\n');

const PY_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'src/click/__init__.py': 'from .core import Command\nfrom .testing import CliRunner\n',
  'src/click/core.py': lines(
    'class Command:',
    '    """A command: its options parsed, then its callback invoked; the output echoed."""',
    '    def invoke(self, ctx):',
    '        return ctx.invoke(self.callback)',
  ),
  'src/click/testing.py': 'class CliRunner:\n    def run(self):\n        pass\n',
  'src/click/utils.py': lines(
    'def echo(message, file=None):',
    '    """Print a message to the output stream, flushed; the exit code untouched."""',
    '    file.write(message)',
  ),
  'tests/test_testing.py': 'from click.testing import CliRunner\n',
};

const PY_REQUEST = [
  'Output of echo is lost under the runner',
  '',
  'Steps: invoke a command whose callback calls echo, with the runner of click.testing,',
  'then read the result output. It is empty, and the exit code is zero. Expected: the',
  'echoed message in the output, flushed before the command returns. Seen with nested',
  'commands and groups alike, on every interpreter we tried; printing to stderr works.',
].join('\n');

const testOf = (topic: string) =>
  lines(
    "import { keepBoth } from '../src/sync/merge';",
    `// ${topic}: a note edited offline on two devices, then both online; the merge keeps`,
    '// the remote edit after the local edit, both edits of the note kept.',
    `it('${topic}', () => expect(keepBoth('local edit', 'remote edit')).toContain('remote edit'));`,
  );

const TEST_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'src/sync/merge.ts': lines(
    'export function keepBoth(a: string, b: string): string {',
    '  return a + b;',
    '}',
  ),
  'test/merge.test.ts': testOf('merge'),
  'test/offline.test.ts': testOf('offline'),
  'test/devices.test.ts': testOf('devices'),
  'test/online.test.ts': testOf('online'),
  // A test's own definer of the name: not the source kept in the first few.
  'test/helpers.ts': lines(
    '// Both edits of a note, the local edit then the remote edit, as the merge keeps them.',
    'export function keepBoth(local: string, remote: string): string {',
    '  return local + remote;',
    '}',
  ),
};

/** A file of each role a report may ask for, each telling the title's words. */
const ROLES_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'README.md': lines('# Notes', 'A merge conflict keeps the remote edit and the local edit.'),
  'docs/sync.md': lines('# Sync', 'A merge conflict keeps the remote edit beside the local edit.'),
  'plugin/notes.vim': lines(
    '" A merge conflict keeps the remote edit',
    'command! NotesSync call notes#sync()',
  ),
  'completion/notes.bash': lines('# merge conflict, remote edit', 'complete -W "sync merge" notes'),
  'src/sync/conflicts.d.ts':
    'export declare function mergeConflict(local: string, remote: string): string;\n',
  'test/conflicts.test.ts': lines(
    "import { mergeConflict } from '../src/sync/conflicts';",
    "it('keeps the remote edit', () => expect(mergeConflict('a', 'remote')).toContain('remote'));",
  ),
};

const ROLES_TITLE = 'Merge conflict drops the remote edit';
/** The roles asked for by name: docs, readme, types, a completion, an editor. */
const ASKING_REQUEST = [
  ROLES_TITLE,
  '',
  ...body,
  'The docs and the readme, the types, the bash completion and the vim plugin all promise both.',
].join('\n');
/** None asked for; a trace through the test file, which the request thus names. */
const TRACING_REQUEST = [
  ROLES_TITLE,
  '',
  ...body,
  'AssertionError: expected the remote edit',
  '    at keeps (test/conflicts.test.ts:2:40)',
].join('\n');

const TEST_REQUEST = [
  'Add tests: the remote edit of a note edited offline is dropped',
  '',
  'Steps: edit a note on two devices while offline, then go online: keepBoth keeps',
  'the local edit only. The tests cover a remote edit and a local one, but not both made',
  'offline on two devices; add a test of that case. Expected: both edits kept, the remote',
  'one after the local one, as the merge promises. Seen on every device we tried.',
].join('\n');

const indexOf = (files: Record<string, string>) =>
  buildProjectIndex(Object.entries(files).map(([path, text]) => indexFile({ path, text })));

const fileAt = (index: ProjectIndex, path: string) => index.byPath.get(path)!;

interface Case {
  name: string;
  files: Record<string, string>;
  request: string;
  /** What the case is there for: the rule it reaches, checked on the reference's inputs. */
  reaches?: (index: ProjectIndex) => void;
}

const long = (request: string) => parseRequest(request).terms.size > LONG_REQUEST_TERMS;

const PACKAGE_PROJECT: Record<string, string> = {
  ...ISSUE_PROJECT,
  'packages/babel-generator/src/index.ts': lines(
    'export default function generate(ast: Node): Output {',
    '  return new Printer().generate(ast);',
    '}',
  ),
  'packages/babel-generator/src/printer.ts': 'export class Printer {}\n',
};
const PACKAGE_REQUEST = [
  'Merge conflict drops the remote edit when `@babel/generator` prints the merged file',
  '',
  ...body,
].join('\n');

const ERROR_REPORT = [
  'Merge conflict drops the remote edit',
  '',
  ...body,
  'No errors are shown and no exception is thrown: the error only shows in the file.',
].join('\n');

const cases: Case[] = [
  {
    name: 'a title its log words outrank',
    files: issueProject,
    request: ['Merge conflict drops the remote edit', '', ...body].join('\n'),
  },
  {
    name: 'no blank line after the first: no title, `near` only',
    files: issueProject,
    request: ['Merge conflict drops the remote edit', ...body].join('\n'),
  },
  {
    name: "a table's neighbour",
    files: issueProject,
    request: [
      'Table columns are misaligned with wide cell width',
      '',
      'When I draw a table whose rows hold emoji, the columns after them are shifted: each row',
      'is padded as if the emoji took one column. Steps: make a table of three rows and two',
      'columns, put an emoji in the first cell, draw it. Expected: the columns line up as they',
      'do with plain letters. It happens in the terminal and in the exported text file alike.',
    ].join('\n'),
  },
  {
    name: 'a declaration beside the module it types',
    files: {
      ...issueProject,
      'src/sync/conflicts.d.ts':
        'export declare function mergeConflict(local: string, remote: string): string;\n',
    },
    request: ['Merge conflict drops the remote edit', '', ...body].join('\n'),
  },
  {
    name: 'a passage report',
    files: { ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files },
    request: `Sticky header: scroll clipped\n\n${report}`,
  },
  {
    name: 'a scope, a trace and a name in the title',
    files: { ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files },
    request: [
      'mail: `computeChecksum` of archived attachments retries the sms fallback',
      '',
      report,
      'panic: nil map',
      '\tservice/beta/handler.go:3 +0x1d',
      'when serving the monthly report download, the billing invoices page is blank.',
    ].join('\n'),
  },
  {
    name: 'a named long flag: its definers, its readers, its users and a completion',
    files: FLAG_PROJECT,
    request: FLAG_REQUEST,
    reaches: (index) => {
      const d = derived(index);
      expect(parseRequest(FLAG_REQUEST).flags.has('print0')).toBe(true);
      expect(d.flagDefiners.get('print0')).toContain(fileAt(index, 'contrib/completion/_tool'));
      expect(d.completions.has(fileAt(index, 'contrib/completion/_tool'))).toBe(true);
    },
  },
  {
    name: 'a named long flag, no title: read once when `near` is off',
    files: FLAG_PROJECT,
    request: FLAG_REQUEST.replace('\n\n', '\n'),
  },
  {
    name: 'a scope that names a completion: it stays',
    files: FLAG_PROJECT,
    request: SCOPED_REQUEST,
    reaches: (index) => {
      const [word] = parseRequest(SCOPED_REQUEST).scope;
      expect(derived(index).names[fileAt(index, 'contrib/completion/_tool')]!.has(word!)).toBe(
        true,
      );
    },
  },
  {
    name: 'a Go package file first: no `near`',
    files: GO_PROJECT,
    request: GO_REQUEST,
    reaches: (index) => {
      const d = derived(index);
      const root = fileAt(index, 'cmd/root.go');
      expect(d.packageImporters.has(root)).toBe(true);
      expect(d.imports[root]).toContain(fileAt(index, 'internal/parse/parse.go'));
    },
  },
  {
    name: 'a template whose cut leaves few terms: long as written',
    files: issueProject,
    request: TEMPLATE_REQUEST,
    reaches: () => {
      expect(long(TEMPLATE_REQUEST)).toBe(false);
      expect(parseRequest(TEMPLATE_REQUEST, { cut: false }).terms.size).toBeGreaterThan(
        LONG_REQUEST_TERMS,
      );
    },
  },
  {
    name: "a Python module's dotted name",
    files: PY_PROJECT,
    request: PY_REQUEST,
    reaches: () => expect(parseRequest(PY_REQUEST).modules).toContain('click.testing'),
  },
  {
    name: 'tests asked for: the definer kept in the first few',
    files: TEST_PROJECT,
    request: TEST_REQUEST,
    reaches: () => expect(parseRequest(TEST_REQUEST).asks.has('test')).toBe(true),
  },
  {
    name: 'roles asked for by name: none demoted',
    files: ROLES_PROJECT,
    request: ASKING_REQUEST,
    reaches: () =>
      expect([...parseRequest(ASKING_REQUEST).asks].sort()).toEqual([
        'completion',
        'docs',
        'editor',
        'types',
      ]),
  },
  {
    name: 'roles not asked for: demoted, the test a trace names spared',
    files: ROLES_PROJECT,
    request: TRACING_REQUEST,
    reaches: () =>
      expect(parseRequest(TRACING_REQUEST).mentions.map((m) => m.path)).toContain(
        'test/conflicts.test.ts',
      ),
  },
  {
    name: "a named package's entry file moved up",
    files: PACKAGE_PROJECT,
    request: PACKAGE_REQUEST,
    reaches: (index) =>
      expect(namedPackages(parseRequest(PACKAGE_REQUEST).mentions, index)).toEqual([
        {
          name: '@babel/generator',
          folder: 'packages/babel-generator/',
          entry: fileAt(index, 'packages/babel-generator/src/index.ts'),
        },
      ]),
  },
  {
    name: 'a translation catalog lowered',
    files: {
      ...issueProject,
      'locale/fr/LC_MESSAGES/messages.po': lines(
        '#: src/sync/conflicts.ts:3',
        'msgid "Merge conflict drops the remote edit"',
        'msgstr "Le conflit de fusion perd la modification distante"',
      ),
    },
    request: ['Merge conflict drops the remote edit', '', ...body].join('\n'),
    reaches: (index) =>
      expect([...derived(index).translations]).toEqual([
        fileAt(index, 'locale/fr/LC_MESSAGES/messages.po'),
      ]),
  },
  {
    name: "a report's error words no path words",
    files: {
      ...issueProject,
      'src/sync/errors.ts': lines(
        'export class ConflictError extends Error {}',
        'export class UploadError extends Error {}',
      ),
    },
    request: ERROR_REPORT,
    reaches: () =>
      expect([...parseRequest(ERROR_REPORT).terms.keys()]).toEqual(
        expect.arrayContaining(['errors', 'exception']),
      ),
  },
  {
    name: 'a one-line request: a declaration kept, read once',
    files: {
      ...issueProject,
      'src/sync/conflicts.d.ts':
        'export declare function mergeConflict(local: string, remote: string): string;\n',
    },
    request: 'mergeConflict drops the remote edit',
    reaches: () => expect(long('mergeConflict drops the remote edit')).toBe(false),
  },
];

describe('rankFiles and the reference ranking', () => {
  for (const c of cases) {
    it(`rank alike: ${c.name}`, () => {
      const index = indexOf(c.files);
      c.reaches?.(index);
      for (const options of [
        { top: 30 },
        { top: 3 },
        { top: 30, history, changedPaths: ['app/jobs/nightly_b.py', 'src/sync/upload.ts'] },
        { top: 30, weights: { ...DEFAULT_WEIGHTS, near: 0 } },
        { top: 30, weights: { ...DEFAULT_WEIGHTS, flag: 0, follow: 0 } },
      ]) {
        expect(rankFiles(c.request, index, options)).toEqual(
          referenceRanking(c.request, index, options).files,
        );
      }
    });
  }

  it("has a case where the first file as written is moved above the title's", () => {
    const moved = cases.filter((c) => referenceRanking(c.request, indexOf(c.files)).moved);
    expect(moved.length).toBeGreaterThan(0);
  });
});

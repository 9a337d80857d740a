import { describe, expect, it } from 'vitest';
import { buildProjectIndex, updateProjectIndex } from './project-index';
import { indexFile } from './index-file';
import { rankFiles } from './rank';
import { DEFAULT_WEIGHTS, weightsFor } from './weights';
import { SUGGEST_CASES, SUGGEST_FIXTURE, lines } from './fixture';
import { parseRequest, refsIn, scopeOf } from './request';

const index = buildProjectIndex(
  Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text })),
);

const rankOf = (paths: string[], answer: string) => paths.indexOf(answer);

describe('rankFiles on the fixture project', () => {
  for (const c of SUGGEST_CASES) {
    const options = {
      ...(c.changedPaths ? { changedPaths: c.changedPaths } : {}),
      ...(c.history ? { history: c.history } : {}),
    };
    it(`finds ${c.answer} by its ${c.signal} signal, and not without it`, () => {
      const within = c.within ?? 1;
      const ranked = rankFiles(c.request, index, { ...options, top: 20 }).map((f) => f.path);
      expect(rankOf(ranked, c.answer), ranked.join('\n')).toBeGreaterThanOrEqual(0);
      expect(rankOf(ranked, c.answer), ranked.join('\n')).toBeLessThan(within);
      const weights = { ...DEFAULT_WEIGHTS, [c.signal]: 0 };
      const without = rankFiles(c.request, index, { ...options, top: 20, weights }).map(
        (f) => f.path,
      );
      const at = rankOf(without, c.answer);
      expect(at === -1 || at >= within, without.join('\n')).toBe(true);
    });
  }

  it('says why, in reasons the web can translate', () => {
    const [top] = rankFiles('The checksum is wrong: fix `computeChecksum`', index);
    expect(top!.path).toBe('core/src/integrity/digest.rs');
    expect(top!.reasons).toContainEqual({
      kind: 'defines',
      name: 'computeChecksum',
      message: 'defines `computeChecksum`, named in the request',
    });
    const trace = rankFiles('panic\n\tservice/beta/handler.go:3 +0x1d', index)[0]!;
    expect(trace.reasons[0]).toEqual({
      kind: 'mentioned',
      line: 3,
      message: 'named in the request (line 3)',
    });
    const historyCase = SUGGEST_CASES.find((c) => c.signal === 'history')!;
    const past = rankFiles(historyCase.request, index, { history: historyCase.history! })[0]!;
    expect(past.reasons).toContainEqual({
      kind: 'past-change',
      message: 'changed by past commits like this request',
    });
    const graph = rankFiles('export the monthly report', index);
    const imported = graph.find((f) => f.path === 'web/src/output/spreadsheet.ts')!;
    expect(imported.reasons).toContainEqual({
      kind: 'imported-by-top',
      from: 'web/src/commands/exportReport.ts',
      message: 'imported by the top file (web/src/commands/exportReport.ts)',
    });
  });

  it('answers no file when only recent changes would rank them, not the request', () => {
    const { history } = SUGGEST_CASES.find((c) => c.signal === 'history')!;
    const recency = new Map(
      Object.keys(SUGGEST_FIXTURE)
        .slice(0, 5)
        .map((path, at) => [path, at + 1] as const),
    );
    const changedPaths = ['app/jobs/nightly_b.py'];
    const options = { history, recency, changedPaths };
    // No file, path or past message holds `quasar` or `zebra`.
    expect(rankFiles('quasar zebra', index, options)).toEqual([]);
    // One word a file holds: the ranking is the whole one, recent files included.
    const matched = rankFiles('quasar zebra nightly', index, options);
    expect(matched[0]!.reasons.map((r) => r.kind)).toContain('path');
    expect(matched.some((f) => f.reasons.every((r) => r.kind === 'recent'))).toBe(true);
  });

  it('shows the words of a reason as the request writes them, not as stems', () => {
    const ranked = rankFiles('the exported reports are missing rows', index);
    const text = ranked.flatMap((file) => file.reasons).filter((r) => r.kind === 'text');
    const path = ranked.flatMap((file) => file.reasons).filter((r) => r.kind === 'path');
    const words = [...text.flatMap((r) => r.words), ...path.map((r) => r.word)];
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) expect(['exported', 'reports', 'missing', 'rows']).toContain(word);
  });

  it('ranks source above its tests, docs and assets unless the request asks for them', () => {
    const scores = (request: string) =>
      new Map(rankFiles(request, index).map((file) => [file.path, file.score]));
    const plain = scores('the tokenizer fails on tabs');
    expect([...plain.keys()][0]).toBe('web/src/tokenizer.ts');
    for (const other of [
      'web/src/tokenizer.test.ts',
      'docs/tokenizer.md',
      'web/src/assets/tokenizer.svg',
    ]) {
      expect(plain.get(other)!).toBeLessThan(plain.get('web/src/tokenizer.ts')! / 1.5);
    }
    // Asked for, the tests come up beside their source, which stays near the top.
    const asked = scores('the tokenizer tests fail on tabs');
    expect(
      asked.get('web/src/tokenizer.test.ts')! / asked.get('web/src/tokenizer.ts')!,
    ).toBeGreaterThan(plain.get('web/src/tokenizer.test.ts')! / plain.get('web/src/tokenizer.ts')!);
    expect([...asked.keys()].slice(0, 2)).toContain('web/src/tokenizer.ts');
  });

  it('marks the files it lowered for their role, and not those the request asks for', () => {
    const demoted = (request: string) =>
      new Map(rankFiles(request, index).map((file) => [file.path, file.demoted === true]));
    const plain = demoted('the tokenizer fails on tabs');
    expect(plain.get('web/src/tokenizer.ts')).toBe(false);
    expect(plain.get('web/src/tokenizer.test.ts')).toBe(true);
    expect(plain.get('docs/tokenizer.md')).toBe(true);
    expect(plain.get('web/src/assets/tokenizer.svg')).toBe(true);
    const asked = demoted('the tokenizer tests fail on tabs');
    expect(asked.get('web/src/tokenizer.test.ts')).toBe(false);
    expect(asked.get('docs/tokenizer.md')).toBe(true);
  });

  it('lowers shell completions unless the request asks for completion', () => {
    const cli = buildProjectIndex([
      indexFile({
        path: 'crates/core/flags/complete/rg.zsh',
        text: "'--line-buffered[force line buffering]'\n'--no-line-buffered[buffered output]'\n",
      }),
      indexFile({ path: 'contrib/completion/_fd', text: "'--line-buffered[line buffered]'\n" }),
      indexFile({
        path: 'crates/searcher/src/line_buffer.rs',
        text: 'pub struct LineBuffer {\n    buffered: usize,\n}\nfn line_buffered() {}\n',
      }),
    ]);
    const plain = rankFiles('line buffered output does not flush each line', cli);
    expect(plain[0]!.path).toBe('crates/searcher/src/line_buffer.rs');
    expect(plain.filter((file) => file.demoted).map((file) => file.path)).toEqual([
      'crates/core/flags/complete/rg.zsh',
      'contrib/completion/_fd',
    ]);
    // A completion defining a flag the request names is that flag's, as its parser is.
    const flagged = rankFiles('the --line-buffered flag does not flush each line', cli);
    expect(flagged.some((file) => file.demoted)).toBe(false);
    const asked = rankFiles('the zsh completion of --line-buffered is wrong', cli);
    expect(asked.some((file) => file.demoted)).toBe(false);
    const scoped = rankFiles('_rg: the --line-buffered group', cli);
    expect(scoped.find((file) => file.path.endsWith('rg.zsh'))!.demoted).toBeUndefined();
  });

  it("lowers an editor's plugin unless the request names the editor", () => {
    const tool = buildProjectIndex([
      indexFile({
        path: 'plugin/fzf.vim',
        text: 'function! s:popup(opts)\n  " --no-sort keeps the list order\n  let opts = "--no-sort"\nendfunction\n',
      }),
      indexFile({
        path: 'src/merger.go',
        text: 'func (mg *Merger) Get(idx int) Result {\n\treturn mg.sorted\n}\n',
      }),
    ]);
    const plain = rankFiles('the list order jumps with --no-sort', tool);
    expect(plain.find((file) => file.path === 'plugin/fzf.vim')!.demoted).toBe(true);
    const asked = rankFiles('[vim] the popup order jumps with --no-sort', tool);
    expect(asked.find((file) => file.path === 'plugin/fzf.vim')!.demoted).toBeUndefined();
    expect(asked[0]!.path).toBe('plugin/fzf.vim');
  });

  it('lowers a type declaration in a report, unless it asks for types', () => {
    const parser = buildProjectIndex([
      indexFile({
        path: 'typings/parser.d.ts',
        text: [
          'export interface ParserOptions {',
          '  createParenthesizedExpressions?: boolean;',
          '  errorRecovery?: boolean;',
          '}',
          'export declare function parse(input: string, options?: ParserOptions): File;',
        ].join('\n'),
      }),
      indexFile({
        path: 'src/parser/expression.ts',
        text: [
          'export class ExpressionParser {',
          '  parseNew(node: Node) {',
          '    const callee = this.parseNoCallExpr();',
          '    if (callee.type === "OptionalMemberExpression") {',
          '      this.raise(Errors.OptionalChainingNoNew, callee);',
          '    }',
          '    if (this.options.createParenthesizedExpressions) {',
          '      return this.wrapParenthesis(callee);',
          '    }',
          '    return callee;',
          '  }',
          '}',
        ].join('\n'),
      }),
    ]);
    const declaration = (request: string) =>
      rankFiles(request, parser).find((file) => file.path === 'typings/parser.d.ts')!;
    const report = [
      'Inconsistent result with the createParenthesizedExpressions option',
      '',
      'Parsing `new (foo?.bar)()` with createParenthesizedExpressions set gives a File node,',
      'while parsing it without the option throws OptionalChainingNoNew: constructors in or after',
      'an optional chain are not allowed. Both calls should behave the same way. Input code and',
      'environment: parser 7.20.13 from the programmatic API, nothing else matters here. Maybe',
      'the parenthesized expression is not stripped somewhere before the check.',
    ].join('\n');
    expect(parseRequest(report).terms.size).toBeGreaterThan(40);
    const ranked = rankFiles(report, parser);
    expect(ranked[0]!.path).toBe('src/parser/expression.ts');
    expect(declaration(report).demoted).toBe(true);
    // A one-line request may be the declaration's own change; a report about types asks for it.
    expect(declaration('add the createParenthesizedExpressions option').demoted).toBeUndefined();
    expect(
      declaration(`${report}\nThe types of ParserOptions say nothing of it.`).demoted,
    ).toBeUndefined();
  });

  it('lowers translation catalogs unless the request asks for translations', () => {
    const app = buildProjectIndex([
      ...['de', 'fr', 'ja'].map((locale) =>
        indexFile({
          path: `app/locale/${locale}/LC_MESSAGES/django.po`,
          text: [
            '#: app/forms/fields.py:12',
            'msgid "Enter a valid duration."',
            'msgstr ""',
            '#: app/forms/fields.py:20',
            'msgid "The duration is out of range."',
            'msgstr ""',
          ].join('\n'),
        }),
      ),
      indexFile({
        path: 'app/forms/fields.py',
        text: [
          'class DurationField(Field):',
          '    default_error_messages = {',
          '        "invalid": _("Enter a valid duration."),',
          '        "overflow": _("The duration is out of range."),',
          '    }',
          '    def to_python(self, value):',
          '        return parse(value)',
        ].join('\n'),
      }),
    ]);
    const catalogs = (request: string) =>
      rankFiles(request, app)
        .filter((file) => file.path.endsWith('.po'))
        .map((file) => file.demoted);
    const report = '"Enter a valid duration." is shown for a duration that is out of range';
    expect(rankFiles(report, app)[0]!.path).toBe('app/forms/fields.py');
    expect(catalogs(report)).toEqual([true, true, true]);
    expect(catalogs(`the French translation of ${report}`)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads a report that fills a template as a report, though few of its words are left', () => {
    const parser = buildProjectIndex([
      indexFile({
        path: 'typings/parser.d.ts',
        text: 'export interface ParserOptions {\n  createParenthesizedExpressions?: boolean;\n}\n',
      }),
      indexFile({
        path: 'src/parser/expression.ts',
        text: 'export function parseNew(options) {\n  if (options.createParenthesizedExpressions) return wrap();\n}\n',
      }),
    ]);
    const words = 'parseNew ignores the createParenthesizedExpressions option';
    const report = [
      words,
      '',
      '### Describe the bug',
      '',
      'The option is read too late: `new (a?.b)()` throws.',
      '',
      '### System Info',
      '',
      '```shell',
      'System:',
      '    OS: macOS 13.0.1',
      '    CPU: (8) arm64 Apple M1',
      '  Binaries:',
      '    Node: 19.5.0 - /opt/homebrew/bin/node',
      '  npmPackages:',
      '    parser: ^7.20.0 => 7.20.13',
      '```',
      '',
      '### Validations',
      '',
      '- [x] Follow our Code of Conduct and read the Contributing Guidelines first.',
      '- [x] Read the docs and check that there is no open issue reporting the same bug.',
      '- [x] Make sure this is a parser issue and not a framework-specific one; otherwise',
      '      report it to the framework, or ask on the discussions board or the chat server.',
      '- [x] The provided reproduction is a minimal reproducible example of the bug.',
    ].join('\n');
    const declaration = (request: string) =>
      rankFiles(request, parser).find((file) => file.path === 'typings/parser.d.ts')!;
    // The cut leaves a commit-like line's worth of terms; the template says it is a report.
    expect(parseRequest(report).terms.size).toBeLessThanOrEqual(40);
    expect(parseRequest(report, { cut: false }).terms.size).toBeGreaterThan(40);
    expect(declaration(report).demoted).toBe(true);
    // The same words without a template are a commit-like line, which may change a declaration.
    expect(declaration(words).demoted).toBeUndefined();
  });

  it('keeps the source defining the name a request for tests gives among its first files', () => {
    const tests = ['basic', 'helpers', 'blueprints', 'views', 'routing'].map((topic) =>
      indexFile({
        path: `tests/test_${topic}.py`,
        text: lines(
          'from app.helpers import url_for',
          '',
          `def test_${topic}_url_for_external():`,
          '    assert url_for("index", _external=True, _scheme="https")',
          '',
          `def test_${topic}_url_for_scheme():`,
          '    assert url_for("index", _scheme="http")',
        ),
      }),
    );
    const project = buildProjectIndex([
      ...tests,
      indexFile({
        path: 'src/app/helpers.py',
        text: lines('def url_for(endpoint, **values):', '    return endpoint'),
      }),
      indexFile({ path: 'src/app/views.py', text: lines('def render(view):', '    return view') }),
    ]);
    const ranked = rankFiles('add a test for url_for with _external and _scheme', project);
    const paths = ranked.map((file) => file.path);
    expect(paths.slice(0, 3), paths.join('\n')).toContain('src/app/helpers.py');
    expect(ranked[0]!.role).toBe('test');
  });

  it('reads what a request asks for in its prose, not in a pasted log or snippet', () => {
    const cli = buildProjectIndex([
      indexFile({ path: 'crates/core/flags/complete/fish.rs', text: 'fn generate() {}\n' }),
      indexFile({ path: 'tests/test_context.py', text: 'def test_context():\n    pass\n' }),
      indexFile({ path: 'src/context.py', text: 'def context_window():\n    pass\n' }),
    ]);
    const report = [
      'Excessive slowdown with larger context windows',
      '```',
      '$ time rg XXXXX -A999',
      'Executed in  349.03 millis    fish           external',
      'def test_context(): ...',
      '```',
    ].join('\n');
    const demoted = rankFiles(report, cli)
      .filter((file) => file.demoted)
      .map((file) => file.path);
    expect(demoted.sort()).toEqual(['crates/core/flags/complete/fish.rs', 'tests/test_context.py']);
    // Said in prose, the same words ask.
    const asked = rankFiles('the fish completion and its tests: context windows', cli);
    expect(asked.some((file) => file.demoted)).toBe(false);
  });

  it('reads a report as asking for tests in its title only, not in its body', () => {
    const project = buildProjectIndex([
      indexFile({
        path: 'tests/test_loader.py',
        text: lines(
          'from app.loader import load_template',
          '',
          'def test_load_template_cache():',
          '    assert load_template("index.html", cache=True)',
        ),
      }),
      indexFile({
        path: 'src/app/loader.py',
        text: lines('def load_template(name, cache=False):', '    return open(name).read()'),
      }),
    ]);
    const body = [
      '',
      'Since the upgrade every render reads the file from disk again, although the cache flag',
      'is set. My test script calls load_template twice with the same name and counts the reads',
      'with strace; the second call should be served from memory. Our CI test results show the',
      'slowdown on every job, ten times slower than before. Python 3.12 on Debian, pytest 8.',
    ].join('\n');
    const report = `load_template ignores its cache${body}`;
    expect(parseRequest(report).terms.size).toBeGreaterThan(40);
    expect(parseRequest(report).asks.has('test')).toBe(true);
    const lowered = (request: string) =>
      rankFiles(request, project).find((file) => file.path === 'tests/test_loader.py')!.demoted;
    // The body tells what its writer ran; the fix is the loader's.
    expect(lowered(report)).toBe(true);
    // The title asks.
    expect(lowered(`load_template's cache tests fail${body}`)).toBeUndefined();
  });

  it('takes no reserved word for a definition, as a comment or a snippet writes it', () => {
    const small = buildProjectIndex([
      indexFile({
        path: 'src/black/trans.py',
        text: '# Split a string of an object class into parts.\ndef split_string():\n    pass\n',
      }),
      indexFile({ path: 'src/black/linegen.py', text: 'def wrap_in_parens(line):\n    pass\n' }),
    ]);
    const request = [
      '`wrap_in_parens` nests dicts in dicts',
      '```',
      'class Random:',
      '    def func(): ...',
      '```',
    ].join('\n');
    const ranked = rankFiles(request, small);
    expect(ranked[0]!.path).toBe('src/black/linegen.py');
    const trans = ranked.find((file) => file.path === 'src/black/trans.py');
    expect(trans?.reasons.some((reason) => reason.kind === 'defines') ?? false).toBe(false);
  });

  it("trusts a long request's own words over past commits of a like message", () => {
    const { history } = SUGGEST_CASES.find((c) => c.signal === 'history')!;
    // An issue: the symptom in the title, the trace of the cause (the retries) in its body.
    const issue = [
      'Saving archived projects loses the attachments',
      '',
      'When I save an archived project, its attachments are gone after the retries. The log',
      'shows the backoff jitter growing on each attempt before the sleep, then the save gives',
      'up. It happens with two or three attachments in one archived project, on a slow network,',
      'every time; a fresh project keeps them. Reproduce: archive a project holding a document',
      'and an image, reopen it, edit its title, save, reload the page and look at the list of',
      'attachments: it is empty. Expected: the same attachments as before the save.',
    ].join('\n');
    expect(rankFiles(issue, index, { history })[0]!.path).toBe('app/net/session.py');
    // A short request of the same words still follows the past commit.
    const short = 'archived projects lose their attachments when saved';
    expect(rankFiles(short, index, { history })[0]!.path).toBe('app/store/bundle.py');
    expect(weightsFor(41, DEFAULT_WEIGHTS)).toMatchObject({ history: 0.75, text: 1.5, path: 1 });
    // A short request is scored by whole files only.
    expect(weightsFor(40, DEFAULT_WEIGHTS)).toEqual({ ...DEFAULT_WEIGHTS, passage: 0, near: 0 });
  });

  it('reads the scope a first line names before a colon, not a change kind', () => {
    expect([...scopeOf('ignore/types: add a type')]).toEqual(['ignore', 'typ', 'types']);
    expect([...scopeOf('fix(optimizer): respect the format\n\nbody')]).toEqual(['optimizer']);
    expect(scopeOf('web listing: rows once a second')).toContain('web');
    // A zsh completion's function, `_rg`, names the completion file `rg.zsh`.
    expect([...scopeOf('_rg: add missing groups')]).toEqual(['rg']);
    expect(scopeOf('fix: handle an edge case').size).toBe(0);
    expect(scopeOf('TypeError: x is undefined').size).toBe(0);
    expect(scopeOf('the parser fails on tabs: see below').size).toBe(0);
  });

  it('meets parseArgs, parse_args, ParseArgs and "parse args" alike', () => {
    const small = buildProjectIndex([
      indexFile({ path: 'a/cli.py', text: 'def parse_args(argv):\n    return argv\n' }),
      indexFile({ path: 'b/other.py', text: 'def parse(x):\n    return x\n' }),
      indexFile({ path: 'c/more.py', text: 'def args(x):\n    return x\n' }),
    ]);
    for (const request of [
      'parseArgs breaks',
      'ParseArgs breaks',
      'parse_args breaks',
      'parse args breaks',
    ]) {
      expect(rankFiles(request, small)[0]!.path).toBe('a/cli.py');
    }
  });

  it('updates by path: a replaced entry ranks by its new text, a removed one is gone', () => {
    const moved = updateProjectIndex(index, {
      upserted: [indexFile({ path: 'app/net/session.py', text: 'def nothing():\n    pass\n' })],
      removed: ['web/src/billing/invoices.ts'],
    });
    const text = rankFiles('make the jitter of the backoff smaller', moved).map((f) => f.path);
    expect(text).not.toContain('app/net/session.py');
    const path = rankFiles('the billing invoices page', moved).map((f) => f.path);
    expect(path).not.toContain('web/src/billing/invoices.ts');
    expect(index.files.length - moved.files.length).toBe(1);
  });
});

describe('changes a request points at', () => {
  it('reads pull request numbers, their links and commit hashes, not a file version', () => {
    const refs = refsIn(
      [
        'Broken since #15135 (https://github.com/o/r/pull/15140), see',
        'https://github.com/o/r/blob/f2e451596c5d23de0069cdc51ea3fec73b7fe835/src/a.go#L9',
        'and introduced in 7d647c70c286720c225ebb8ab75896e5dbee6af6.',
        'Not a colour #fff, nor a word deadbeef, nor an offset 00000010.',
      ].join('\n'),
    );
    expect([...refs.numbers].sort()).toEqual([15135, 15140]);
    expect(refs.shas).toEqual(['7d647c70c286720c225ebb8ab75896e5dbee6af6']);
  });

  it('lifts the files of the commit a report quotes', () => {
    const history = [
      { message: 'a sweep', paths: ['app/store/bundle.py'], sha: 'aaaa1111bbbb' },
      { message: 'resend on a timeout', paths: ['app/mail/resend.py'], sha: '7d647c70c2867' },
    ];
    const ranked = rankFiles('Every message goes out twice since 7d647c70', index, { history });
    expect(ranked[0]!.path).toBe('app/mail/resend.py');
    expect(ranked[0]!.reasons).toContainEqual({
      kind: 'linked-change',
      ref: '7d647c7',
      message: 'changed by 7d647c7, named in the request',
    });
  });

  it('names the pull request a report links, in the reason', () => {
    const history = [
      {
        message: 'Resend on a timeout (#412)',
        paths: ['app/mail/resend.py'],
        sha: '7d647c70c2867',
      },
      { message: 'Bundle the store (#399)', paths: ['app/store/bundle.py'], sha: 'aaaa1111bbbb' },
    ];
    const ranked = rankFiles('Every message goes out twice since #412', index, { history });
    const resend = ranked.find((file) => file.path === 'app/mail/resend.py')!;
    expect(resend.reasons).toContainEqual({
      kind: 'linked-change',
      ref: '#412',
      message: 'changed by #412, named in the request',
    });
    const bundle = ranked.find((file) => file.path === 'app/store/bundle.py');
    expect(bundle?.reasons.map((reason) => reason.kind) ?? []).not.toContain('linked-change');
  });
});

describe('a scoped package the request names', () => {
  const esm = (name: string) =>
    lines(
      `// ${name}: the default export, imported from ESM, is read through interop.`,
      `export function ${name}Interop(module: unknown) {`,
      '  return esmDefaultExport(module); // importing the default export from ESM',
      '}',
    );
  const files: Record<string, string> = {
    ...Object.fromEntries(
      ['interop', 'loader', 'esm', 'exports', 'resolve', 'cjs', 'wrap'].map((name) => [
        `packages/babel-core/src/${name}.ts`,
        esm(name),
      ]),
    ),
    'packages/babel-generator/src/index.ts': lines(
      'export default function generate(ast: Node, opts: Options): Output {',
      '  return new Printer(opts).generate(ast);',
      '}',
    ),
    'packages/babel-generator/src/printer.ts': 'export class Printer {}\n',
    'packages/babel-generator/package.json':
      '{ "name": "@babel/generator", "main": "./lib/index.js" }\n',
  };
  const request =
    'Importing the default export of `@babel/generator` from ESM fails: the default export is an object';

  it('moves its entry file to the sixth place when none of its files is above it', () => {
    const index = buildProjectIndex(
      Object.entries(files).map(([path, text]) => indexFile({ path, text })),
    );
    const ranked = rankFiles(request, index);
    const paths = ranked.map((f) => f.path);
    expect(paths.slice(0, 5).every((path) => path.startsWith('packages/babel-core/'))).toBe(true);
    expect(paths[5]).toBe('packages/babel-generator/src/index.ts');
    expect(ranked[5]!.reasons).toContainEqual({
      kind: 'package',
      name: '@babel/generator',
      message: 'entry of @babel/generator, named in the request',
    });
  });

  it('leaves the order alone when a file of the package is already near the top', () => {
    const index = buildProjectIndex(
      Object.entries({ ...files, 'packages/babel-generator/src/esm.ts': esm('generatorEsm') }).map(
        ([path, text]) => indexFile({ path, text }),
      ),
    );
    const paths = rankFiles(request, index).map((f) => f.path);
    expect(paths.slice(0, 5)).toContain('packages/babel-generator/src/esm.ts');
    expect(paths.slice(0, 6)).not.toContain('packages/babel-generator/src/index.ts');
  });
});

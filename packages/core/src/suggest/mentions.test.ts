import { describe, expect, it } from 'vitest';
import { buildProjectIndex } from './project-index';
import { indexFile } from './index-file';
import { rankFiles } from './rank';
import { mentionTails, mentionsIn, modulesIn, withSourcePaths } from './mentions';
import { parseRequest } from './request';
import { mentionedFiles } from './signals';

const projectOf = (files: Record<string, string>) =>
  buildProjectIndex(Object.entries(files).map(([path, text]) => indexFile({ path, text })));

const mentioned = (request: string, index: ReturnType<typeof projectOf>) =>
  [...mentionedFiles(mentionsIn(request), index, modulesIn(request)).keys()].map(
    (at) => index.files[at]!.path,
  );

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/home/u/.venv/lib/python3.10/site-packages/click/core.py", line 1130, in __call__',
  '    return self.main(*args, **kwargs)',
  '  File "/home/u/.venv/lib/python3.10/site-packages/click/decorators.py", line 26, in new_func',
  '    return f(get_current_context(), *args, **kwargs)',
  '  File "/home/u/.venv/lib/python3.10/site-packages/black/__init__.py", line 1404, in main',
  '    report.check = check',
  'AttributeError: cache dir is not writable',
].join('\n');

describe('a trace frame through installed packages', () => {
  it("is another package's file in a project that does not hold that package", () => {
    const black = projectOf({
      'src/black/__init__.py': 'def main():\n    report = Report()\n',
      'src/black/cache.py': 'def get_cache_dir():\n    return user_cache_dir("black")\n',
      'tests/data/miscellaneous/decorators.py': '@property\ndef f():\n    pass\n',
    });
    expect(mentioned(TRACEBACK, black)).toEqual(['src/black/__init__.py']);
    const paths = rankFiles(TRACEBACK, black).map((f) => f.path);
    expect(paths[0]).toBe('src/black/__init__.py');
    expect(paths).not.toContain('tests/data/miscellaneous/decorators.py');
  });

  it("is the project's own file when the project is that package, at the frame's line", () => {
    const click = projectOf({
      'src/click/core.py': 'class Command:\n    def main(self):\n        pass\n',
      'src/click/decorators.py': 'def pass_context(f):\n    return f\n',
      'tests/test_commands.py': 'def test_main():\n    pass\n',
    });
    expect(mentioned(TRACEBACK, click).sort()).toEqual([
      'src/click/core.py',
      'src/click/decorators.py',
    ]);
    const [top] = rankFiles(TRACEBACK, click);
    expect(top!.path).toBe('src/click/core.py');
    expect(top!.reasons[0]).toMatchObject({ kind: 'mentioned', line: 1130 });
  });

  it('reads relative Windows paths, as a Rust panic or rustc prints them on Windows', () => {
    const panic =
      "thread 'main' panicked at crates\\core\\flags\\hiargs.rs:120:5:\nindex out of bounds";
    expect(mentionsIn(panic)).toEqual([{ path: 'crates/core/flags/hiargs.rs', line: 120 }]);
    expect(mentionsIn('error[E0308]: mismatched types\n --> src\\lib.rs:1:33')).toEqual([
      { path: 'src/lib.rs', line: 1 },
    ]);
    const ripgrep = projectOf({
      'crates/core/main.rs': 'mod flags;\nfn main() {}\n',
      'crates/core/flags/hiargs.rs': 'pub struct HiArgs {}\n',
      'crates/core/flags/mod.rs': 'pub mod hiargs;\n',
    });
    // Ranked as the same panic written with slashes: the frame's file named, at its line.
    const ranked = rankFiles(panic, ripgrep);
    const slashed = rankFiles(panic.replace(/\\/g, '/'), ripgrep);
    expect(ranked.map((f) => f.path)).toEqual(slashed.map((f) => f.path));
    expect(ranked.find((f) => f.path === 'crates/core/flags/hiargs.rs')!.reasons[0]).toMatchObject({
      kind: 'mentioned',
      line: 120,
    });
  });

  it('reads Windows paths, dist-packages and scoped or nested node_modules the same way', () => {
    const request = [
      '  File "C:\\Users\\u\\venv\\Lib\\site-packages\\click\\core.py", line 12, in main',
      '  File "/usr/lib/python3/dist-packages/yaml/reader.py", line 3, in read',
      '    at load (C:\\app\\node_modules\\@acme\\loader\\dist\\index.js:4:2)',
      '    at run (node_modules/runner/node_modules/queue/lib/push.js:9:1)',
    ].join('\n');
    expect(mentionsIn(request)).toEqual([
      { path: 'C:/Users/u/venv/Lib/site-packages/click/core.py', line: 12 },
      { path: '/usr/lib/python3/dist-packages/yaml/reader.py', line: 3 },
      { path: 'node_modules/runner/node_modules/queue/lib/push.js', line: 9 },
      { path: 'C:/app/node_modules/@acme/loader/dist/index.js', line: 4 },
    ]);
    expect(mentionTails('/app/node_modules/@acme/loader/dist/index.js').slice(-3)).toEqual([
      'node_modules/@acme/loader/dist/index.js',
      '@acme/loader/dist/index.js',
      'loader/dist/index.js',
    ]);
    const other = projectOf({
      'core.py': 'x = 1\n',
      'src/reader.py': 'x = 1\n',
      'lib/push.js': 'export const x = 1;\n',
      'dist/index.js': 'export const x = 1;\n',
    });
    expect(mentioned(request, other)).toEqual([]);
    const own = projectOf({
      'src/click/core.py': 'x = 1\n',
      'lib/yaml/reader.py': 'x = 1\n',
      'packages/queue/lib/push.js': 'export const x = 1;\n',
      'packages/loader/dist/index.js': 'export const x = 1;\n',
    });
    expect(mentioned(request, own).sort()).toEqual([
      'lib/yaml/reader.py',
      'packages/loader/dist/index.js',
      'packages/queue/lib/push.js',
      'src/click/core.py',
    ]);
  });

  it('still cuts any other absolute prefix down to the file name', () => {
    const index = projectOf({ 'src/app/cache.py': 'x = 1\n' });
    expect(mentioned('  File "/home/u/work/app/cache.py", line 2, in get', index)).toEqual([
      'src/app/cache.py',
    ]);
    expect(mentioned('  File "/srv/other/cache.py", line 2', index)).toEqual(['src/app/cache.py']);
  });
});

describe('an unquoted absolute path in a trace', () => {
  it('is a Node frame, cut to the tail a project file ends with, at its line', () => {
    const trace = [
      'Error: listen EADDRINUSE',
      '    at f (/Users/u/app/node_modules/vite/dist/node/chunks/dep.js:1:2)',
      '    at /home/u/app/src/server.ts:12:3',
    ].join('\n');
    expect(mentionsIn(trace)).toEqual([
      { path: '/Users/u/app/node_modules/vite/dist/node/chunks/dep.js', line: 1 },
      { path: '/home/u/app/src/server.ts', line: 12 },
    ]);
    const app = projectOf({
      'src/server.ts': 'export function listen() {}\n',
      'src/chunks/dep.js': 'export const x = 1;\n',
    });
    expect(mentioned(trace, app)).toEqual(['src/server.ts']);
    const [top] = rankFiles(trace, app);
    expect(top).toMatchObject({ path: 'src/server.ts' });
    expect(top!.reasons[0]).toMatchObject({ kind: 'mentioned', line: 12 });
    const vite = projectOf({ 'packages/vite/dist/node/chunks/dep.js': 'export const x = 1;\n' });
    expect(mentioned(trace, vite)).toEqual(['packages/vite/dist/node/chunks/dep.js']);
  });

  it("is a Go frame, found through the module's path", () => {
    const trace = [
      'panic: runtime error: invalid memory address or nil pointer dereference',
      'goroutine 1 [running]:',
      'github.com/o/r/pkg/walk.(*Walker).Next(0x0)',
      '\t/home/u/go/src/github.com/o/r/pkg/walk/walk.go:48 +0x1d',
      'main.main()',
      '\t/home/u/go/src/github.com/o/r/cmd/r/main.go:12 +0x25',
    ].join('\n');
    const repo = projectOf({
      'pkg/walk/walk.go': 'package walk\n\nfunc (w *Walker) Next() {}\n',
      'cmd/r/main.go': 'package main\n\nfunc main() {}\n',
      'pkg/walk/walk_test.go': 'package walk\n',
    });
    expect(mentioned(trace, repo)).toEqual(['pkg/walk/walk.go', 'cmd/r/main.go']);
    expect(parseRequest(trace).mentions[0]).toEqual({
      path: '/home/u/go/src/github.com/o/r/pkg/walk/walk.go',
      line: 48,
    });
  });

  it('is not a link, a date or a slash in prose', () => {
    const prose = [
      'Since 1/2/2024 the page https://example.com/app/src/server.ts and localhost:3000/x.js,',
      'or //cdn.example.com/lib/x.js, break in v2 /v3.x; and/or the 10.30/11.45 slot.',
    ].join('\n');
    // What slashes in prose give (no file ends with `and/or`), links read or not.
    const slashed = [{ path: '1/2/2024' }, { path: 'and/or' }, { path: '10.30/11.45' }];
    expect(mentionsIn(prose)).toEqual(slashed);
    const app = projectOf({ 'src/server.ts': 'x\n', 'x.js': 'x\n', 'lib/x.js': 'x\n' });
    expect(mentioned(prose, app)).toEqual([]);
    expect(parseRequest(prose).mentions).toEqual(slashed);
  });
});

describe('a Go frame through the module cache', () => {
  const trace = [
    'panic: runtime error: index out of range [1] with length 1',
    'goroutine 1 [running]:',
    'github.com/spf13/cobra.(*Command).execute(0xc0000b2000)',
    '\t/home/u/go/pkg/mod/github.com/spf13/cobra@v1.8.0/command.go:123 +0x1d',
    'golang.org/x/tools/gopls/internal/lsp.(*Server).run(0x0)',
    '\tC:/Users/u/go/pkg/mod/golang.org/x/tools/gopls@v0.1.0/internal/lsp/server.go:45 +0x25',
    '\t/root/go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go:7 +0x2',
    '\tC:\\Users\\u\\go\\pkg\\mod\\github.com\\o\\r\\v2@v2.0.0+incompatible\\walk.go:9',
  ].join('\n');

  it('is read whole, with its line, escapes and Windows separators too', () => {
    expect(mentionsIn(trace)).toEqual([
      { path: '/home/u/go/pkg/mod/github.com/spf13/cobra@v1.8.0/command.go', line: 123 },
      { path: '/root/go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go', line: 7 },
      {
        path: 'C:/Users/u/go/pkg/mod/golang.org/x/tools/gopls@v0.1.0/internal/lsp/server.go',
        line: 45,
      },
      { path: 'C:/Users/u/go/pkg/mod/github.com/o/r/v2@v2.0.0+incompatible/walk.go', line: 9 },
      // The frames' function lines: packages, which no file's path ends with.
      { path: 'github.com/spf13/cobra' },
      { path: 'golang.org/x/tools/gopls/internal/lsp' },
    ]);
    expect(mentionTails('/home/u/go/pkg/mod/github.com/spf13/cobra@v1.8.0/command.go')).toEqual([
      'github.com/spf13/cobra/command.go',
      'spf13/cobra/command.go',
      'cobra/command.go',
      '/command.go',
    ]);
    expect(mentionTails('/root/go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go')[0]).toBe(
      'github.com/burntsushi/toml/decode.go',
    );
  });

  it("is the module's own file from its root, at the frame's line", () => {
    const cobra = projectOf({
      'command.go': 'package cobra\n\nfunc (c *Command) execute() {}\n',
      'doc/command.go': 'package doc\n',
      'cobra/cmd/root.go': 'package cmd\n',
    });
    expect(mentioned(trace, cobra)).toEqual(['command.go']);
    const [top] = rankFiles(trace, cobra);
    expect(top).toMatchObject({ path: 'command.go' });
    expect(top!.reasons[0]).toMatchObject({ kind: 'mentioned', line: 123 });
    const tools = projectOf({
      'gopls/internal/lsp/server.go': 'package lsp\n',
      'internal/lsp/server.go': 'package lsp\n',
    });
    expect(mentioned(trace, tools)).toEqual(['gopls/internal/lsp/server.go']);
    const v2 = projectOf({ 'walk.go': 'package r\n', 'toml/decode.go': 'package toml\n' });
    expect(mentioned(trace, v2).sort()).toEqual(['toml/decode.go', 'walk.go']);
  });

  it('is no file of another project, vendored modules aside', () => {
    const app = projectOf({
      'cmd/command.go': 'package cmd\n',
      'server/internal/lsp/server.go': 'package lsp\n',
      'pkg/decode.go': 'package pkg\n',
      'vendor/github.com/spf13/cobra/command.go': 'package cobra\n',
    });
    expect(mentioned(trace, app)).toEqual(['vendor/github.com/spf13/cobra/command.go']);
    // Its words may still find it, not as the frame's file.
    const local = rankFiles(trace, app).find((f) => f.path === 'cmd/command.go');
    expect(local?.reasons.map((r) => r.kind) ?? []).not.toContain('mentioned');
  });
});

describe('a source URL in a JavaScript trace', () => {
  const trace = [
    'TypeError: Cannot read properties of undefined (reading "map")',
    '    at List (webpack:///./src/app/x.ts?abcd:12:3)',
    '    at render (webpack://my-app/./src/view.tsx:4:1)',
    '    at Page (webpack-internal:///(app-pages-browser)/./src/app/page.tsx:30:9)',
    '    at load (webpack://@acme/site/src/load.js?1f2e:7:2)',
    '    at file:///home/u/app/src/server.js:21:5',
    '    at file:///C:/app/src/win.mjs:3:1',
    '    at http://localhost:5173/src/main.ts?t=1700000000000:8:14',
    '    at commitRoot (webpack:///./node_modules/react-dom/cjs/react-dom.development.js?ac89:99:1)',
  ].join('\n');

  it('is the path it names, with its line', () => {
    expect(mentionsIn(trace)).toEqual([
      { path: 'src/app/x.ts', line: 12 },
      { path: 'src/view.tsx', line: 4 },
      { path: 'src/app/page.tsx', line: 30 },
      { path: 'src/load.js', line: 7 },
      { path: '/home/u/app/src/server.js', line: 21 },
      { path: '/src/main.ts', line: 8 },
      { path: 'node_modules/react-dom/cjs/react-dom.development.js', line: 99 },
      { path: 'C:/app/src/win.mjs', line: 3 },
    ]);
    expect(withSourcePaths('see webpack:///webpack/bootstrap and http://localhost:3000')).toBe(
      'see  webpack/bootstrap  and http://localhost:3000',
    );
  });

  it("finds the project's files, not the URLs' words", () => {
    const app = projectOf({
      'src/app/x.ts': 'export const x = 1;\n',
      'src/view.tsx': 'export const view = 1;\n',
      'src/main.ts': 'export const main = 1;\n',
      'src/webpack.ts': 'export const webpack = 1;\n',
      'lib/cjs/react-dom.development.js': 'export const y = 1;\n',
    });
    expect(mentioned(trace, app).sort()).toEqual(['src/app/x.ts', 'src/main.ts', 'src/view.tsx']);
    const parsed = parseRequest(trace);
    expect(parsed.terms.has('webpack')).toBe(false);
    expect(parsed.terms.has('abcd')).toBe(false);
    const [top] = rankFiles(trace, app);
    expect(top).toMatchObject({ path: 'src/app/x.ts' });
    expect(top!.reasons[0]).toMatchObject({ kind: 'mentioned', line: 12 });
  });
});

describe('a pasted blob in the request', () => {
  it('reads a long run of word characters in linear time, and still a call written after it', () => {
    // A base64 blob or a minified line: tried from every position, the call pattern took
    // minutes on 200 KB and hours on a megabyte.
    const blob = 'Q'.repeat(200_000);
    const started = performance.now();
    const parsed = parseRequest(`${blob} then edit( fails`);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(parsed.names.get('edit')).toBe(true);
  });
});

describe("a Python module's dotted name", () => {
  const click = projectOf({
    'src/click/__init__.py': 'from .core import Command\n',
    'src/click/core.py': 'class Command:\n    pass\n',
    'src/click/testing.py': 'class CliRunner:\n    def invoke(self):\n        pass\n',
    'src/click/utils.py': 'def echo(message):\n    pass\n',
    'src/click/os/path.py': 'def join():\n    pass\n',
    'django/db/models/query.py': 'class QuerySet:\n    pass\n',
    'django/db/models/__init__.py': 'from .query import QuerySet\n',
    'tests/test_testing.py': 'from click.testing import CliRunner\n',
  });

  it("points at the module's file, written bare, in backticks or in an import", () => {
    expect(mentioned('CliRunner fails with click.testing on Windows', click)).toEqual([
      'src/click/testing.py',
    ]);
    expect(mentioned('`django.db.models.query` is slow', click)).toEqual([
      'django/db/models/query.py',
    ]);
    expect(mentioned('```py\nfrom click.testing import CliRunner\n```', click)).toEqual([
      'src/click/testing.py',
    ]);
    expect(mentioned('import django.db.models\n', click)).toEqual(['django/db/models/__init__.py']);
  });

  it("points a from-import's submodule names at their files, other names at the module's", () => {
    const project = projectOf({
      'src/click/__init__.py': 'from .core import Command\n',
      'src/click/testing.py': 'class CliRunner:\n    pass\n',
      'src/click/utils.py': 'def echo(message):\n    pass\n',
      'src/click/shell/__init__.py': 'class Shell:\n    pass\n',
      'src/click/shell/completion.py': 'def complete():\n    pass\n',
      'src/click/shell/parsers/__init__.py': 'class Parser:\n    pass\n',
    });
    expect(mentioned('`from click import testing` hangs on Windows', project)).toEqual([
      'src/click/testing.py',
    ]);
    expect(mentioned('from click.shell import completion\n', project)).toEqual([
      'src/click/shell/completion.py',
    ]);
    expect(mentioned('from click.shell import parsers as p\n', project)).toEqual([
      'src/click/shell/parsers/__init__.py',
    ]);
    expect(
      mentioned(
        '```py\nfrom click import (\n    testing,  # the runner\n    utils as u,\n)\n```',
        project,
      ),
    ).toEqual(['src/click/testing.py', 'src/click/utils.py']);
    expect(mentioned('from click.shell import Shell, \\\n    completion\n', project)).toEqual([
      'src/click/shell/__init__.py',
      'src/click/shell/completion.py',
    ]);
    // A class of a top-level package names no file, as the package's dotted name alone did not.
    expect(mentioned('from click import CliRunner', project)).toEqual([]);
    expect(mentioned('from click.shell import *', project)).toEqual([
      'src/click/shell/__init__.py',
    ]);
  });

  it('drops a trailing attribute to find the module, the longest first', () => {
    expect(mentioned('click.testing.CliRunner.invoke swallows the exit code', click)).toEqual([
      'src/click/testing.py',
    ]);
    expect(mentioned('django.db.models.query.QuerySet.filter', click)).toEqual([
      'django/db/models/query.py',
    ]);
  });

  it('is no file when it is not exactly a module of the project', () => {
    const prose = [
      'os.path.join fails, e.g. with np.array, self.runner.invoke and click.echo;',
      'since 1.2.3 (see example.com) and a/click.testing, it is slow.',
      'from .testing import CliRunner',
    ].join(' ');
    expect(mentioned(prose, click)).toEqual([]);
  });

  it('lifts the module above files that only share its words', () => {
    const request = 'Under click.testing the output of echo() is lost';
    expect(rankFiles(request, click)[0]).toMatchObject({ path: 'src/click/testing.py' });
  });

  it('reads a long dotted run in linear time', () => {
    const blob = `${'a.'.repeat(300_000)}b ${'Q'.repeat(300_000)}`;
    const started = performance.now();
    expect(modulesIn(`${blob} click.testing`)).toEqual(['click.testing']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

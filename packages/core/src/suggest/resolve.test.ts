import { describe, expect, it } from 'vitest';
import { derived } from './derived';
import { lines } from './fixture';
import { indexFile } from './index-file';
import { nearTop } from './issue-shape';
import { goModulePath } from './lexical';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { mentionsIn } from './mentions';
import { mentionedFiles } from './signals';

const goFile = (pkg: string, imports: string[], ...body: string[]) =>
  lines(`package ${pkg}`, '', ...imports.map((i) => `import "${i}"`), '', ...body);

/** A Go project: module example.com/app at the root, a nested module in tools/. */
const GO_PROJECT: Record<string, string> = {
  'go.mod': lines('module example.com/app', '', 'go 1.22', '', 'require example.org/lib v1.2.0'),
  'app.go': goFile('app', [], 'func Run() error {', '\treturn nil', '}'),
  'cmd/root.go': goFile(
    'cmd',
    ['fmt', 'example.com/app/internal/parse', 'example.org/lib/internal/parse'],
    'func ExecuteRootCommand(args []string) {',
    '\tfmt.Println(parse.Tokens(args))',
    '}',
  ),
  'internal/parse/parse.go': goFile(
    'parse',
    [],
    'func Tokens(args []string) int {',
    '\treturn 0',
    '}',
  ),
  'internal/parse/lex.go': goFile('parse', [], 'func lex() {}'),
  'internal/parse/parse_test.go': goFile('parse', ['testing'], 'func TestTokens(t *testing.T) {}'),
  // Folders named like the standard library's packages: `fmt` is no file of the project.
  'internal/fmt/fmt.go': goFile('fmt', [], 'func Pad() {}'),
  'doc/gen.go': goFile(
    'doc',
    ['example.com/app', 'example.com/app/tools/gen', 'example.com/tools/gen'],
    'func RenderManualPages() {',
    '\tapp.Run()',
    '\tgen.Generate()',
    '}',
  ),
  // A nested module owns its subtree, under its own module path.
  'tools/go.mod': lines('module "example.com/tools" // generators', '', 'go 1.22'),
  'tools/gen/gen.go': goFile('gen', [], 'func Generate() {}'),
};

const indexOf = (project: Record<string, string>) =>
  buildProjectIndex(Object.entries(project).map(([path, text]) => indexFile({ path, text })));

const importsOf = (project: Record<string, string>, path: string) => {
  const index = indexOf(project);
  const d = derived(index);
  return d.imports[index.byPath.get(path)!]!.map((at) => index.files[at]!.path).sort();
};

describe('Go imports through go.mod', () => {
  it('reads the module path of a go.mod, and of no other file', () => {
    expect(goModulePath('go.mod', 'module github.com/spf13/cobra\n\ngo 1.15\n')).toBe(
      'github.com/spf13/cobra',
    );
    expect(goModulePath('tools/go.mod', '// tools\nmodule "example.com/tools" // x\n')).toBe(
      'example.com/tools',
    );
    expect(goModulePath('notes.md', 'module example.com/app\n')).toBeUndefined();
    expect(indexFile({ path: 'go.mod', text: 'module example.com/app\n' }).goModule).toBe(
      'example.com/app',
    );
  });

  it("links an import of the module's package to the package's files whose names it uses", () => {
    // `fmt` is the standard library's, `example.org/lib/…` a dependency's: neither is here.
    // lex.go is of the package too, but root.go uses none of its names; parse_test.go is a test.
    expect(importsOf(GO_PROJECT, 'cmd/root.go')).toEqual(['internal/parse/parse.go']);
    const withLex = {
      ...GO_PROJECT,
      'cmd/root.go': GO_PROJECT['cmd/root.go']!.replace('parse.Tokens(args)', 'parse.lex()'),
    };
    expect(importsOf(withLex, 'cmd/root.go')).toEqual(['internal/parse/lex.go']);
  });

  it("links the module's root package and a nested module's, not a path into it", () => {
    // `example.com/app/tools/gen` is inside tools/go.mod's subtree: that module is example.com/tools.
    expect(importsOf(GO_PROJECT, 'doc/gen.go')).toEqual(['app.go', 'tools/gen/gen.go']);
  });

  it('resolves a module path matching no go.mod to nothing', () => {
    const project = {
      'go.mod': 'module example.com/app\n',
      'main.go': goFile('main', ['example.net/app/internal/parse', 'example.com/application']),
      'internal/parse/parse.go': goFile('parse', []),
      'application/app.go': goFile('application', []),
    };
    expect(importsOf(project, 'main.go')).toEqual([]);
  });

  it('links a dependency to its vendored copy', () => {
    const project = {
      'go.mod': 'module example.com/app\n',
      'main.go': goFile(
        'main',
        ['github.com/mattn/go-runewidth'],
        'var w = runewidth.StringWidth("x")',
      ),
      'vendor/github.com/mattn/go-runewidth/runewidth.go': goFile(
        'runewidth',
        [],
        'func StringWidth(s string) int { return len(s) }',
      ),
    };
    expect(importsOf(project, 'main.go')).toEqual([
      'vendor/github.com/mattn/go-runewidth/runewidth.go',
    ]);
  });

  it("lifts the imported package's file in a ranking, as imported by the top file", () => {
    const ranked = rankFiles('ExecuteRootCommand prints nothing', indexOf(GO_PROJECT));
    expect(ranked[0]!.path).toBe('cmd/root.go');
    expect(ranked.find((file) => file.path === 'internal/parse/parse.go')?.reasons).toContainEqual({
      kind: 'imported-by-top',
      from: 'cmd/root.go',
      message: 'imported by the top file (cmd/root.go)',
    });
  });

  it("lifts the module's root package in a ranking, as imported by the top file", () => {
    const ranked = rankFiles('RenderManualPages leaves the pages empty', indexOf(GO_PROJECT));
    expect(ranked[0]!.path).toBe('doc/gen.go');
    const root = ranked.find((file) => file.path === 'app.go');
    expect(root?.reasons).toContainEqual({
      kind: 'imported-by-top',
      from: 'doc/gen.go',
      message: 'imported by the top file (doc/gen.go)',
    });
  });

  it("points a request naming a package's import path at the package's files", () => {
    const index = indexOf(GO_PROJECT);
    const mentioned = (request: string) =>
      [...mentionedFiles(mentionsIn(request), index).keys()].map((at) => index.files[at]!.path);
    expect(
      mentioned('Tokens of `example.com/app/internal/parse` drop the last one').sort(),
    ).toEqual(['internal/parse/lex.go', 'internal/parse/parse.go']);
    // A dependency's package is none of the project's files.
    expect(mentioned('a panic in example.org/lib/internal/parse.Tokens')).toEqual([]);
  });

  it("gives `near` no Go file's package imports: they are other packages", () => {
    const index = indexOf(GO_PROJECT);
    const d = derived(index);
    const at = (path: string) => index.byPath.get(path)!;
    const direct = new Float64Array(index.files.length);
    const has = new Uint8Array(index.files.length);
    const scored = [at('cmd/root.go'), at('internal/parse/parse.go')];
    scored.forEach((file, rank) => {
      direct[file] = 2 - rank;
      has[file] = 1;
    });
    expect(d.imports[at('cmd/root.go')]).toEqual([at('internal/parse/parse.go')]);
    expect(nearTop(scored, direct, has, d).size).toBe(0);
  });
});

describe('Python imports', () => {
  /** A src-layout package: a subpackage, relative and absolute imports, a class and a function. */
  const PY_PROJECT: Record<string, string> = {
    'src/app/__init__.py': lines('from . import views, helpers', 'from .config import Config'),
    'src/app/views.py': lines(
      'from . import utils',
      'from .utils import slugify',
      'import app.db as db',
    ),
    'src/app/utils.py': 'def slugify(text):\n    return text\n',
    'src/app/config.py': 'class Config:\n    pass\n',
    'src/app/db.py': 'def connect():\n    pass\n',
    'src/app/core/__init__.py': '',
    'src/app/core/models.py': lines('from .. import Config, views', 'from ..core import signals'),
    'src/app/core/signals.py': 'sent = []\n',
    'src/app/core/handlers.py': lines(
      'from app.core import (',
      '    models,  # the tables',
      '    signals as sig,',
      '    MISSING,',
      ')',
      'from app import Config',
    ),
  };

  it('links a name a from-import brings in to its submodule, and other names to the module', () => {
    // `helpers` is no file: it is a name of the package, whose __init__ answers for it.
    expect(importsOf(PY_PROJECT, 'src/app/__init__.py')).toEqual([
      'src/app/config.py',
      'src/app/views.py',
    ]);
    expect(importsOf(PY_PROJECT, 'src/app/views.py')).toEqual([
      'src/app/db.py',
      'src/app/utils.py',
    ]);
    // `..` is the parent package; `Config` is a class, so the package's __init__ is linked.
    expect(importsOf(PY_PROJECT, 'src/app/core/models.py')).toEqual([
      'src/app/__init__.py',
      'src/app/core/signals.py',
      'src/app/views.py',
    ]);
    expect(importsOf(PY_PROJECT, 'src/app/core/handlers.py')).toEqual([
      'src/app/__init__.py',
      'src/app/core/__init__.py',
      'src/app/core/models.py',
      'src/app/core/signals.py',
    ]);
  });

  it('links a name to a submodule only when it is spelled as the file is', () => {
    const project = {
      'app/__init__.py': 'from .config import Config\n',
      'app/config/__init__.py': 'class Config:\n    pass\n',
      'app/config/config.py': 'DEFAULTS = {}\n',
    };
    expect(importsOf(project, 'app/__init__.py')).toEqual(['app/config/__init__.py']);
  });
});

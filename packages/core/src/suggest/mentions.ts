/** A file the request points at: a path or a file name, with a line when a trace gives one. */
export interface Mention {
  /** As written, `/`-separated, without a leading `./`. */
  path: string;
  line?: number;
}

/**
 * `File "x.py", line 12` (Python), `at fn (src/x.ts:12:3)` (V8), `x.go:12`, `src/a/b.rs`, and
 * unquoted absolute frames: `at f (/Users/u/app/src/x.js:1:2)`, Go's `\t/home/u/x.go:12 +0x1d`.
 * A path starts after a space, a bracket or a quote, so a link's path (`https://h/a/b.js`,
 * `//cdn/x.js`) is not one; its folders may hold Go's module cache's `+incompatible` and case
 * escapes (`github.com/!burnt!sushi/toml@v1.3.2/`).
 */
const PYTHON_FRAME = /File "([^"]+)", line (\d+)/g;
const PATH_LIKE =
  /(?:^|[\s(`'"[<])(\/?(?:[\w@.$!+-]+\/)*[\w@$-][\w@.$-]*\.[A-Za-z][\w]{0,9})(?::(\d+))?(?::\d+)?/g;
const SLASHED = /(?:^|[\s(`'"[<])((?:[\w@.$-]+\/)+[\w@.$-]+)/g;
/** Extensions that make `x.y` a file name rather than `object.method` in prose. */
const FILE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|py|pyi|go|rs|java|kt|kts|cs|c|h|cc|cpp|hpp|cxx|rb|php|swift|scala|vue|svelte|css|scss|less|html?|json|ya?ml|toml|md|mdx|rst|txt|sql|sh|proto|graphql|gradle|xml|ini|cfg|lock|mod|sum)$/i;

/**
 * A source's URL in a JavaScript trace, before its line: a bundler's (`webpack:///./src/x.ts?abcd`,
 * `webpack://my-app/./src/x.tsx`, Next.js's `webpack-internal:///(app-pages-browser)/./src/x.tsx`),
 * a file's (`file:///home/u/app/src/x.js`: Node's ES modules, Vite's and Rollup's source maps,
 * `file:///C:/app/x.js`) or a local dev server's (`http://localhost:5173/src/x.ts?t=1`).
 */
const SOURCE_URL =
  /\b(?:webpack(?:-internal)?:\/\/(?:@[\w.-]+\/)?[\w.-]*\/(?:\([\w-]+\)\/)?|file:\/\/(?:\/(?=[A-Za-z]:\/))?|https?:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?(?=\/))((?:[A-Za-z]:)?[^\s?#:'"`<>()]+)(?:\?[^\s#:'"`<>()]*)?(?::(\d+)(?::\d+)?)?/g;

/**
 * Source URLs read as the paths they are, with their line (`webpack:///./src/x.ts?abcd:12:3` is
 * `src/x.ts:12`): the project's own file, not the words of a URL.
 */
export function withSourcePaths(request: string): string {
  return request.replace(SOURCE_URL, (_, path: string, line?: string) => {
    return ` ${path.replace(/^(?:\.\/)+/, '')}${line ? `:${line}` : ''} `;
  });
}

/**
 * A drive-letter path: `C:\\app\\node_modules\\pkg\\x.js:12:3` (a V8 frame on Windows),
 * `C:/Users/u/go/pkg/mod/…/x.go:12` (a Go frame on Windows).
 */
const WINDOWS_PATH =
  /(?:^|[\s(`'"[<])([A-Za-z]:[\\/](?:[^\\/\s:*?"<>|()]+[\\/])*[^\\/\s:*?"<>|()]*\.[A-Za-z]\w{0,9})(?::(\d+))?/g;

/**
 * A relative path written with backslashes, as Windows tools print them: a Rust panic
 * (`panicked at src\\main.rs:2:5`), or rustc's `--> src\\lib.rs:1:33`.
 */
const WINDOWS_RELATIVE =
  /(?:^|[\s(`'"[<])((?:[\w@.$-]+\\)+[\w@$-][\w@.$-]*\.[A-Za-z]\w{0,9})(?::(\d+))?/g;

/** Folders of installed packages: what is under one is that package's, not the project's. */
const INSTALLED = new Set(['site-packages', 'dist-packages', 'node_modules']);

/**
 * The tails of a mention's path (lowercased) a project file may end with, longest first: each
 * tail that starts a segment, down to the file name. Through a folder of installed packages
 * (`…/site-packages/click/core.py`, `node_modules/@scope/pkg/x.js`) they stop at the package
 * (`click/core.py`, `pkg/x.js`): the frame is that package's file, which only a project that
 * holds the package has, not any file of the same name. Through Go's module cache
 * (`…/pkg/mod/github.com/spf13/cobra@v1.8.0/command.go`) they stop at the module's last element
 * (`cobra/command.go`, a module in its own folder or vendored), then give the path inside the
 * module from the project's root, `/command.go` (`tailMatches`): the module's own repository
 * holds it there, another project's `cmd/command.go` is not it.
 */
export function mentionTails(path: string): string[] {
  const parts = path.toLowerCase().split('/');
  const module = goModule(parts);
  if (module) {
    const tails: string[] = [];
    for (let cut = 0; cut < module.path.length; cut++) {
      tails.push([...module.path.slice(cut), ...module.inside].join('/'));
    }
    tails.push(`/${module.inside.join('/')}`);
    return tails;
  }
  const installed = parts.findLastIndex((part) => INSTALLED.has(part));
  const last =
    installed === -1
      ? parts.length - 1
      : installed + (parts[installed + 1]?.startsWith('@') ? 2 : 1);
  const tails: string[] = [];
  // An absolute path's whole (`/home/…`) is no project's path: its tails start after the root.
  for (let cut = parts[0] === '' ? 1 : 0; cut <= last && cut < parts.length; cut++) {
    tails.push(parts.slice(cut).join('/'));
  }
  return tails;
}

/**
 * A path through Go's module cache, `…/pkg/mod/<module path>@<version>/<path inside>`: the
 * module path without its case escapes (`!burnt!sushi` is `BurntSushi`, lowercased anyway).
 */
function goModule(parts: string[]): { path: string[]; inside: string[] } | undefined {
  for (let mod = parts.length - 2; mod >= 1; mod--) {
    if (parts[mod] !== 'mod' || parts[mod - 1] !== 'pkg') continue;
    const version = parts.findIndex((part, at) => at > mod && part.includes('@'));
    if (version === -1 || version === parts.length - 1) return undefined;
    const path = parts.slice(mod + 1, version + 1).map((part) => part.replace(/!/g, ''));
    path[path.length - 1] = path.at(-1)!.replace(/@.*$/, '');
    if (path.some((part) => !part)) return undefined;
    return { path, inside: parts.slice(version + 1) };
  }
  return undefined;
}

/**
 * Whether a project path (lowercased) is what a tail of `mentionTails` names: the path itself
 * or one ending with `/tail`; a tail starting with `/` only the path from the project's root.
 */
export function tailMatches(path: string, tail: string): boolean {
  if (tail.startsWith('/')) return path === tail.slice(1);
  return path === tail || path.endsWith(`/${tail}`);
}

/** Paths, file names and stack-trace frames quoted in a request, in order, each once. */
export function mentionsIn(raw: string): Mention[] {
  const request = withSourcePaths(raw);
  const found = new Map<string, Mention>();
  const add = (raw: string, line?: string) => {
    const path = raw
      .replace(/\\/g, '/')
      .replace(/^\.\//, '')
      .replace(/[.,;:)]+$/, '');
    if (!path || /^https?:/.test(path) || path.startsWith('//')) return;
    // `/x.y` is a file name only as `x.y` would be: `/v2.x` in prose is no file.
    if (!path.replace(/^\//, '').includes('/') && !FILE_EXTENSION.test(path)) return;
    const existing = found.get(path);
    if (!existing) found.set(path, line ? { path, line: Number(line) } : { path });
    else if (line && existing.line === undefined) existing.line = Number(line);
  };
  for (const [, file, line] of request.matchAll(PYTHON_FRAME)) add(file!, line);
  for (const [, file, line] of request.matchAll(PATH_LIKE)) add(file!, line);
  for (const [, file, line] of request.matchAll(WINDOWS_PATH)) add(file!, line);
  for (const [, file, line] of request.matchAll(WINDOWS_RELATIVE)) add(file!, line);
  for (const [, file] of request.matchAll(SLASHED)) add(file!);
  return [...found.values()];
}

/**
 * A dotted name, `click.testing` or `django.db.models.query`, from the start of its run only (not
 * after a word character, a dot, a slash or a dash), so a pasted blob is read once, left to right.
 */
const DOTTED = /(?<![\w.$/\\-])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)/g;
/** Segments a dotted name may have and still be a module's (the deepest packages are shallower). */
const MODULE_SEGMENTS = 8;

/**
 * A Python from-import of an absolute module, `from a.b import c, d as e` (its names in
 * parentheses over lines, or on its line, continued after a `\\`): its names may be
 * submodules, as the code graph reads them.
 */
const FROM_IMPORT =
  /(?<![\w.$/\\-])from[ \t]+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[ \t]+import[ \t]*(\([^)]*\)?|(?:\\\r?\n|[^\n])*)/g;
/** A from-import's statement, or else a dotted name, whichever starts first. */
const MODULE_NAME = new RegExp(`${FROM_IMPORT.source}|${DOTTED.source}`, 'g');

/**
 * Dotted names of the request that may be Python modules (`click.testing`, `from a.b import c`,
 * `import a.b.c`), in order, each once; `moduleFiles` keeps those that are the project's. A
 * from-import gives each name it brings in under its module (`from click import testing` is
 * `click.testing`, whose file is `click/testing.py` when it is a submodule; a class or a
 * function falls back to the module's file in `moduleFiles`), and the module alone when it
 * brings in no plain name (`*`).
 */
export function modulesIn(request: string): string[] {
  const found = new Set<string>();
  const add = (dotted: string) => {
    if (dotted.split('.').length <= MODULE_SEGMENTS) found.add(dotted);
  };
  for (const [, module, names, dotted] of request.matchAll(MODULE_NAME)) {
    if (dotted) {
      add(dotted);
      continue;
    }
    const plain = importedNames(names!);
    for (const name of plain) add(`${module!}.${name}`);
    if (plain.length === 0 && module!.includes('.')) add(module!);
  }
  return [...found];
}

/**
 * The names a from-import's tail brings in: each comma-separated part's first word (`b as c`
 * keeps `b`, `name fails in prose` keeps `name`), comments, parentheses and line
 * continuations dropped; `*` is none.
 */
function importedNames(tail: string): string[] {
  const names: string[] = [];
  for (const part of tail
    .replace(/#[^\n]*/g, '')
    .replace(/[()\\]/g, ' ')
    .split(',')) {
    const name = /^\s*([A-Za-z_]\w*)/.exec(part)?.[1];
    if (name) names.push(name);
  }
  return names;
}

/** Roots a Python project's packages sit at. */
const PYTHON_ROOTS = ['', 'src/', 'lib/'];

/**
 * The project's files a dotted name is the module of: `a/b/c.py` or `a/b/c/__init__.py`, at the
 * project's root or under `src/` or `lib/`, exactly (a name of two segments or more, so `os.path`,
 * `np.array` or `example.com` name nothing in a project without such a file). A trailing
 * attribute (`click.testing.CliRunner`) is dropped one segment at a time: the longest module wins.
 */
export function moduleFiles(dotted: string, byPath: ReadonlyMap<string, number>): number[] {
  const parts = dotted.split('.');
  for (let end = parts.length; end >= 2; end--) {
    const path = parts.slice(0, end).join('/');
    const hits: number[] = [];
    for (const root of PYTHON_ROOTS) {
      for (const file of [`${root}${path}.py`, `${root}${path}/__init__.py`]) {
        const at = byPath.get(file);
        if (at !== undefined) hits.push(at);
      }
    }
    if (hits.length > 0) return hits;
  }
  return [];
}

import { flagsIn } from './flags';
import { countTerms, spellTerms, wholeForm } from './tokenize';
import { requestBody } from './issue-text';

/** A file the request points at: a path or a file name, with a line when a trace gives one. */
export interface Mention {
  /** As written, `/`-separated, without a leading `./`. */
  path: string;
  line?: number;
}

/** What the ranker reads in a request. */
export interface ParsedRequest {
  /** Query terms (tokenize.ts) and how many times the request says each. */
  terms: Map<string, number>;
  /** Whole forms of the request's names, code-like ones (`parseArgs`, `x_y`, `` `z` ``) true. */
  names: Map<string, boolean>;
  /** Names as written, by whole form, for reasons. */
  written: Map<string, string>;
  /** Each query term as the request writes it (`updating` for `updat`), for reasons. */
  spelled: Map<string, string>;
  mentions: Mention[];
  /**
   * Terms of the part of the project the request says it is about, before a colon on its
   * first line: `ignore/types: add a type`, `fix(optimizer): …`, `web listing: …`.
   */
  scope: Set<string>;
  /** Words that ask for tests, docs… (then those files are not demoted). */
  asks: Set<
    | 'test'
    | 'docs'
    | 'fixture'
    | 'generated'
    | 'vendored'
    | 'asset'
    | 'completion'
    | 'editor'
    | 'types'
  >;
  /** Long flags the request names (`--no-ignore-dot`), by whole form, as written. */
  flags: Map<string, string>;
  /** Changes the request points at: pull request and issue numbers, and commit hashes. */
  refs: { numbers: Set<number>; shas: string[] };
}

/** English words that say nothing about which file (the request is prose, the code is not). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from has have how i if in ' +
    'into is it its it’s me my no not of on or our should so some such than that the their ' +
    'them then there these this those to too up us was we were what when where which while ' +
    'who why will with would you your also any all add adds added fix fixes fixed make ' +
    'makes use used using new now only more instead when after before because get gets ' +
    'should must may please want need needs work works way one two via see same other ' +
    'file files code issue bug error problem support allow allows change changes update ' +
    'updates remove removes like just like correctly properly case cases wrong'
  ).split(' '),
);

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
const BACKTICKED = /`([^`\n]{1,120})`/g;
// From an identifier's first character only: tried inside a long run of word characters (a
// pasted blob), a match would rescan the rest of the run from every position.
const CALLED = /(?<![\w$])([A-Za-z_$][\w$]*)\(/g;
/** Extensions that make `x.y` a file name rather than `object.method` in prose. */
const FILE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|py|pyi|go|rs|java|kt|kts|cs|c|h|cc|cpp|hpp|cxx|rb|php|swift|scala|vue|svelte|css|scss|less|html?|json|ya?ml|toml|md|mdx|rst|txt|sql|sh|proto|graphql|gradle|xml|ini|cfg|lock|mod|sum)$/i;

const ASKS: Record<string, ParsedRequest['asks'] extends Set<infer T> ? T : never> = {
  test: 'test',
  tests: 'test',
  testing: 'test',
  spec: 'test',
  specs: 'test',
  e2e: 'test',
  unittest: 'test',
  pytest: 'test',
  docs: 'docs',
  doc: 'docs',
  documentation: 'docs',
  readme: 'docs',
  changelog: 'docs',
  fixture: 'fixture',
  fixtures: 'fixture',
  snapshot: 'fixture',
  snapshots: 'fixture',
  generated: 'generated',
  vendor: 'vendored',
  vendored: 'vendored',
  svg: 'asset',
  css: 'asset',
  styles: 'asset',
  icon: 'asset',
  icons: 'asset',
  completion: 'completion',
  completions: 'completion',
  autocomplete: 'completion',
  autocompletion: 'completion',
  compdef: 'completion',
  compadd: 'completion',
  zsh: 'completion',
  bash: 'completion',
  fish: 'completion',
  powershell: 'completion',
  vim: 'editor',
  neovim: 'editor',
  nvim: 'editor',
  vimscript: 'editor',
  vimrc: 'editor',
  emacs: 'editor',
  elisp: 'editor',
  types: 'types',
  typings: 'types',
  dts: 'types',
};

/** A word of the request, as the terms read it. */
const WORD = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;
/** A fenced block (a snippet, a log, a command's output), up to its closing fence or the end. */
const FENCED = /^\s*(```|~~~)[^\n]*\n[\s\S]*?(?:^\s*\1\s*$|(?![\s\S]))/gm;

/** `https://…` up to a space, a quote or a closing bracket. */
const URL = /\bhttps?:\/\/[^\s<>"'`)\]]+/g;
/** A link's path, without its host, query string and fragment. */
const LINK_PATH = /^https?:\/\/[^/?#]+(\/[^?#]*)?/;
/** A GitHub link to a file: `github.com/o/r/blob/<ref>/<path>#L12`. */
const GITHUB_FILE =
  /^https?:\/\/github\.com\/[^/]+\/[^/]+\/(?:blob|tree|raw)\/[^/]+\/([^?#]+)(?:[^#]*#L(\d+))?/;

/**
 * Links read as what they name: a GitHub link to a file is that file's path (with its line), the
 * best clue a report gives; another GitHub link (an issue, a repository) names no file of the
 * project, and of any other link only the words of its path are kept, not a playground's query
 * string of encoded state.
 */
export function withoutUrls(request: string): string {
  return request.replace(URL, (url) => {
    const file = GITHUB_FILE.exec(url);
    if (!file) {
      if (/^https?:\/\/(?:www\.)?github\.com\//.test(url)) return ' ';
      // A page's path may say what it is about (`/source-map-visualization/`); its host, query
      // string and fragment (a playground's encoded state) say nothing.
      return ` ${(LINK_PATH.exec(url)?.[1] ?? '').replace(/[/._-]+/g, ' ')} `;
    }
    const path = file[1]!.replace(/%2F/gi, '/').replace(/[.,;:]+$/, '');
    return ` ${path}${file[2] ? `:${file[2]}` : ''} `;
  });
}

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

/** `#123`, not in a word (`a#1`) nor a colour (`#fff`). */
const NUMBER_REF = /(?:^|[^\w&#])#(\d{2,7})\b/g;
/** A GitHub link to a pull request, an issue or a commit. */
const GITHUB_REF =
  /github\.com\/[^/\s]+\/[^/\s]+\/(?:(?:pull|issues)\/(\d+)|commit\/([0-9a-f]{7,40}))/gi;
/** A commit hash in prose: 7–40 hex digits with a letter and a digit (not `deadbeef`, not `00000010`). */
const SHA_REF = /(?:^|[^\w/#.-])([0-9a-f]{7,40})(?![\w/-]|\.\w)/g;

/** The changes a request points at: `#123`, a pull request's or issue's link, a commit's hash. */
export function refsIn(body: string): ParsedRequest['refs'] {
  const numbers = new Set<number>();
  const shas = new Set<string>();
  for (const [, number, sha] of body.matchAll(GITHUB_REF)) {
    if (number) numbers.add(Number(number));
    if (sha) shas.add(sha.toLowerCase());
  }
  // Hashes in other links are a file's version (a `blob/<sha>/` link), not a change.
  const prose = body.replace(/\bhttps?:\/\/\S+/g, ' ');
  for (const [, number] of prose.matchAll(NUMBER_REF)) numbers.add(Number(number));
  for (const [, sha] of prose.matchAll(SHA_REF)) {
    if (/[a-f]/.test(sha!) && /\d/.test(sha!)) shas.add(sha!);
  }
  return { numbers, shas: [...shas] };
}

/**
 * The request's terms, names, mentions and the rest; `cut: false` reads the template's
 * boilerplate too (the ranker counts it to tell a report from a commit-like line).
 */
export function parseRequest(raw: string, options: { cut?: boolean } = {}): ParsedRequest {
  const body = options.cut === false ? raw : requestBody(raw);
  const sourced = withSourcePaths(body);
  const refs = refsIn(sourced);
  const request = withoutUrls(sourced);
  const mentions = mentionsIn(request);
  const terms = new Map<string, number>();
  const names = new Map<string, boolean>();
  const written = new Map<string, string>();
  const spelled = new Map<string, string>();
  const asks: ParsedRequest['asks'] = new Set();

  // A quoted path counts once, as a mention: its folders are not words of the request.
  let prose = request;
  for (const mention of mentions) {
    prose = prose.split(mention.path).join(' ').split(mention.path.replace(/\//g, '\\')).join(' ');
  }
  const words = prose.match(WORD) ?? [];
  const codeLike = new Set<string>();
  for (const [, inner] of request.matchAll(BACKTICKED)) {
    for (const name of inner!.match(/[A-Za-z_$][\w$]*/g) ?? []) codeLike.add(name);
  }
  // `edit(`, `click.edit(`: a name written as a call is code, even a plain word.
  for (const [, name] of request.matchAll(CALLED)) codeLike.add(name!);
  // What the request asks for is in its prose: a pasted log or snippet (`fish` in a timing's
  // output, `def test_x` in a reproduction) asks for no completion nor test.
  for (const word of prose.replace(FENCED, ' ').match(WORD) ?? []) {
    const lower = word.toLowerCase();
    // Own keys only: `constructor` or `toString` would otherwise find the prototype's functions.
    if (Object.hasOwn(ASKS, lower)) asks.add(ASKS[lower]!);
  }
  for (const word of words) {
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower)) continue;
    const counts = new Map<string, number>();
    countTerms(word, counts);
    spellTerms(word, spelled);
    for (const [term, count] of counts) {
      if (!STOP_WORDS.has(term)) terms.set(term, (terms.get(term) ?? 0) + count);
    }
    const whole = wholeForm(word);
    if (whole.length < 3) continue;
    const isCode =
      codeLike.has(word) || /[a-z][A-Z]|[A-Za-z]_[A-Za-z]|^[A-Z][a-z]+[A-Z]/.test(word);
    names.set(whole, (names.get(whole) ?? false) || isCode);
    if (!written.has(whole) || isCode) written.set(whole, word);
  }
  // Two prose words may be one identifier: "parse args" meets `parseArgs` whole.
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!.toLowerCase(), words[i + 1]!.toLowerCase()];
    if (STOP_WORDS.has(a) || STOP_WORDS.has(b) || /[^a-z]/.test(a + b)) continue;
    const joined = a + b;
    if (!terms.has(joined)) terms.set(joined, 1);
    if (!spelled.has(joined)) spelled.set(joined, `${words[i]} ${words[i + 1]}`);
    if (!names.has(joined)) {
      // Two words that make one defined name are as specific as a code name.
      names.set(joined, true);
      written.set(joined, `${words[i]} ${words[i + 1]}`);
    }
  }
  const flags = flagsIn(request);
  return {
    terms,
    names,
    written,
    spelled,
    mentions,
    asks,
    scope: scopeOf(request),
    refs,
    flags,
  };
}

/** A first line's `scope:` or `type(scope):` prefix, as path terms. */
const SCOPE_PREFIX = /^\s*(_?[A-Za-z][\w./ -]{0,40}?)(?:\(([^)\n]{1,40})\))?!?:\s/;
/** Conventional-commit types: they say what kind of change, not where. */
const CHANGE_KINDS = new Set(
  'fix feat feature refactor docs doc chore ci test tests perf build style deps revert release lint wip'.split(
    ' ',
  ),
);

export function scopeOf(request: string): Set<string> {
  const scope = new Set<string>();
  const match = SCOPE_PREFIX.exec(request);
  if (!match) return scope;
  const [, kind, inner] = match;
  // `TypeError: x is undefined` is an error's name, and a sentence is not a scope.
  const prefix = kind!.trim();
  const named = !/(?:Error|Exception|Warning|Panic)$/.test(prefix) && prefix.split(' ').length <= 2;
  const words = inner ?? (CHANGE_KINDS.has(prefix.toLowerCase()) || !named ? '' : prefix);
  for (const word of words.split(/[^A-Za-z0-9_$]+/)) {
    if (!word || STOP_WORDS.has(word.toLowerCase())) continue;
    const counts = new Map<string, number>();
    countTerms(word, counts);
    for (const term of counts.keys()) scope.add(term);
  }
  return scope;
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

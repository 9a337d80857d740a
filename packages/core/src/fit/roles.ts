import { CORE_SYSTEM_IGNORE_PATTERNS } from '../ignore/core-system-patterns';

/**
 * What a selected file is to a prompt, judged from its path alone (the planner runs before
 * any content is read again). Decision 052 gives the order the planner trims these in.
 */
export type FileRole =
  | 'licence'
  | 'lockfile'
  | 'changelog'
  | 'generated'
  | 'vendored'
  | 'fixture'
  | 'asset'
  | 'test'
  | 'docs'
  | 'readme'
  | 'source';

/** LICENSE, LICENSE.md, LICENSE-MIT, COPYING.txt… but not license.ts or license.spec.ts. */
const LICENCE =
  /^(licen[cs]e|copying|copyright|notice|unlicense|patents|third[-_]?party[-_]?notices)([-_][a-z0-9-]*(\.\d+)*)?(\.(md|markdown|txt|rst|html?|adoc))?$/i;
const CHANGELOG =
  /^(change[-_]?log|changes|history|news|release[-_]?notes|releases)(\.(md|markdown|mdx|txt|rst|adoc))?$/i;
/** The lock files of the core ignore list's "Lock files" category, by lower-case name. */
const LOCKFILES = new Set(lockFileNames());
const GENERATED_DIRS = new Set([
  'dist',
  'build',
  'out',
  'coverage',
  'generated',
  '__generated__',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.output',
]);
const GENERATED_NAME =
  /(\.min\.(js|mjs|cjs|css)|\.map|\.bundle\.js|\.generated\.[^.]+|\.gen\.[^.]+|_pb2(_grpc)?\.pyi?|\.pb\.go|\.pb\.(cc|h)|\.g\.dart|\.freezed\.dart|\.designer\.cs)$/i;
const VENDORED_DIRS = new Set([
  'vendor',
  'vendors',
  'vendored',
  'third_party',
  'third-party',
  'thirdparty',
  'node_modules',
  'bower_components',
  '.yarn',
]);
const FIXTURE_DIRS = new Set([
  'fixtures',
  'fixture',
  '__fixtures__',
  'testdata',
  'test-data',
  'test_data',
  '__snapshots__',
]);
const TEST_DIRS = new Set([
  'test',
  'tests',
  '__tests__',
  '__test__',
  '__mocks__',
  'spec',
  'specs',
  'e2e',
  'playground',
]);
/** __tests__, __tests_dts__, __test_utils__… */
const TEST_DIR_NAME = /^__tests?(_[a-z0-9]+)*__$/;
const TEST_NAME = /(\.(test|spec|e2e|bench)\.[^.]+|_(test|spec)\.[^.]+|^test_[^/]+\.py|\.snap)$/i;
/** JVM/.NET/Swift conventions: the class name says Test(s)/Spec, so case matters. */
const TEST_CLASS = /(Tests?|Spec|IT)\.(java|kt|scala|groovy|cs|swift)$/;
const README = /^readme(\.[a-z]+)?$/i;
/** Lock files of tools the core list does not name: `deno.lock`, `x-lock.json`, `x.lock.yaml`. */
const LOCK_LIKE = /([-_.]lock(file)?\.(json|ya?ml|toml)|\.lock|[-_.]lock)$/i;
/**
 * Assets and data: what a model reads least from (styles, vector images, fonts, tables, maps).
 * Only the formats a prompt can hold as text; binary ones never reach the planner.
 */
const ASSET_NAME =
  /\.(svg|css|scss|sass|less|styl|pcss|ttf|otf|woff2?|eot|csv|tsv|geojson|topojson|ndjson|jsonl|ico|xpm|pbm|pgm|webmanifest)$/i;
const ASSET_DIRS = new Set([
  'assets',
  'static',
  'public',
  'images',
  'img',
  'icons',
  'fonts',
  'media',
]);
const DOCS_DIRS = new Set(['docs', 'doc', 'documentation']);
const DOCS_NAME = /\.(md|markdown|mdx|rst|txt|adoc|asciidoc)$/i;
/** A troff manual page, `fzf.1`, `man/man3/x.3`: the command's reference, written as docs. */
const MAN_PAGE = /^[\w.-]+\.[1-9]$/;

/** The role of a file by its path ('/'-separated, relative to the project root). */
export function fileRole(path: string): FileRole {
  const segments = path.split('/');
  const name = segments.pop() ?? path;
  const folders = segments.map((segment) => segment.toLowerCase());
  const inside = (set: ReadonlySet<string>) => folders.some((folder) => set.has(folder));

  if (LICENCE.test(name) || folders.includes('licenses') || folders.includes('licences')) {
    return 'licence';
  }
  if (LOCKFILES.has(name.toLowerCase()) || LOCK_LIKE.test(name)) return 'lockfile';
  if (CHANGELOG.test(name) || folders.includes('changelogs')) return 'changelog';
  if (inside(VENDORED_DIRS)) return 'vendored';
  if (inside(GENERATED_DIRS) || GENERATED_NAME.test(name)) return 'generated';
  if (inside(FIXTURE_DIRS)) return 'fixture';
  if (ASSET_NAME.test(name) || (inside(ASSET_DIRS) && /\.(json|xml|txt)$/i.test(name))) {
    return 'asset';
  }
  const testFolder = inside(TEST_DIRS) || folders.some((folder) => TEST_DIR_NAME.test(folder));
  if (testFolder || TEST_NAME.test(name) || TEST_CLASS.test(name)) return 'test';
  // A README is the project's own summary: it goes with the source, not with the docs.
  if (README.test(name) && !inside(DOCS_DIRS)) return 'readme';
  if (DOCS_NAME.test(name) || MAN_PAGE.test(name) || inside(DOCS_DIRS)) return 'docs';
  return 'source';
}

/**
 * Whether the request names this file: its path (or the end of it), its name, its name
 * without the extension, or one of its folders, as a whole word. Generic names (index,
 * utils, src…) are left out: "fix the index" should not keep every index.ts.
 */
export function requestNames(request: string): (path: string) => boolean {
  const words = new Set(
    request
      .toLowerCase()
      .split(/[^\p{L}\p{N}_./@-]+/u)
      .map((word) => word.replace(/^[./-]+|[./-]+$/g, ''))
      .filter((word) => word.length >= 3 && !GENERIC_NAMES.has(word)),
  );
  if (words.size === 0) return () => false;
  const pathWords = [...words].filter((word) => word.includes('/'));
  return (path) => {
    const lower = path.toLowerCase();
    if (pathWords.some((word) => lower === word || lower.endsWith(`/${word}`))) return true;
    const segments = lower.split('/');
    const name = segments.pop() ?? lower;
    const dot = name.indexOf('.', 1);
    const stem = dot === -1 ? name : name.slice(0, dot);
    return words.has(name) || words.has(stem) || segments.some((folder) => words.has(folder));
  };
}

const GENERIC_NAMES = new Set([
  'index',
  'main',
  'mod',
  'lib',
  'src',
  'app',
  'init',
  '__init__',
  'util',
  'utils',
  'helpers',
  'types',
  'test',
  'tests',
  'spec',
  'packages',
  'package',
  'the',
  'and',
  'for',
  'file',
  'files',
  'code',
]);

function lockFileNames(): string[] {
  const from = CORE_SYSTEM_IGNORE_PATTERNS.indexOf('# Lock files') + 1;
  const names: string[] = [];
  for (const line of CORE_SYSTEM_IGNORE_PATTERNS.slice(from)) {
    if (line.startsWith('#')) break;
    if (line) names.push(line.toLowerCase());
  }
  return names;
}

// The source file a test file tests, by the names conventions give them, and the subjects of
// the tests a request's own evidence ranks high.
import type { Derived } from './derived';
import { type Sums, bestOf } from './fusion';
import type { ProjectIndex } from './types';

/** The test file names that say their subject, each giving the subject's stem as `$1`. */
const TEST_NAMES: RegExp[] = [
  /^test_(.+)\.py$/i,
  /^(.+)_test\.(py|go|rb|exs?|cc|cpp|c)$/i,
  /^(.+)_spec\.rb$/i,
  /^(.+)\.(test|spec)\.[cm]?[jt]sx?$/i,
  /^(.+?)Tests?\.(java|kt|swift|cs)$/,
];
/** Stems that name no subject: a test of the whole package, a shared helper. */
const NO_SUBJECT = new Set(['main', 'lib', 'mod', 'index', 'init', '__init__', 'utils', 'util']);

/** The extensions a subject of a test of each extension may have. */
function subjectExtensions(ext: string): string[] {
  if (/^[cm]?[jt]sx?$/.test(ext)) return ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'mts', 'cts'];
  if (ext === 'cc' || ext === 'cpp' || ext === 'c') return ['cc', 'cpp', 'c', 'h', 'hpp'];
  if (ext === 'exs') return ['ex'];
  return [ext];
}

/** The stem and extensions of a test file's subject, or undefined when its name says none. */
export function subjectName(path: string): { stem: string; extensions: string[] } | undefined {
  const segments = path.split('/');
  const name = segments.at(-1)!;
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  for (const pattern of TEST_NAMES) {
    const match = pattern.exec(name);
    if (match?.[1]) {
      const stem = match[1].toLowerCase();
      return NO_SUBJECT.has(stem) ? undefined : { stem, extensions: subjectExtensions(ext) };
    }
  }
  // Rust's integration tests: `tests/printer.rs` tests `src/printer.rs`.
  if (ext === 'rs' && segments.slice(0, -1).includes('tests')) {
    const stem = name.slice(0, -3).toLowerCase();
    return NO_SUBJECT.has(stem) ? undefined : { stem, extensions: ['rs'] };
  }
  return undefined;
}

/** A file's stem (its name without the extension, lowercased) and extension. */
function stemOf(path: string): [string, string] {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0
    ? [name.toLowerCase(), '']
    : [name.slice(0, dot).toLowerCase(), name.slice(dot + 1).toLowerCase()];
}

const sourcesByStem = new WeakMap<ProjectIndex, Map<string, number[]>>();

/** The project's source files by stem. */
function stems(index: ProjectIndex, d: Derived): Map<string, number[]> {
  let byStem = sourcesByStem.get(index);
  if (byStem) return byStem;
  byStem = new Map();
  for (let at = 0; at < index.files.length; at++) {
    if (d.roles[at] !== 'source') continue;
    const [stem] = stemOf(index.files[at]!.path);
    const list = byStem.get(stem);
    if (list) list.push(at);
    else byStem.set(stem, [at]);
  }
  sourcesByStem.set(index, byStem);
  return byStem;
}

/** A folder of tests by its name: `tests/`, `t/` (celery's), `__tests__/`, `spec/`. */
const TEST_FOLDER = /^(t|tests?|__tests?__|specs?|testing|testsuite)$/i;

/**
 * The test folder a test lives in (`t/`, `pkg/tests/`), with its slash: the helpers beside
 * the tests (`t/integration/tasks.py`) are no subject of theirs, though their role is source.
 */
function testRoot(path: string): string | undefined {
  const folders = path.split('/').slice(0, -1);
  const at = folders.findIndex((folder) => TEST_FOLDER.test(folder));
  return at < 0 ? undefined : `${folders.slice(0, at + 1).join('/')}/`;
}

/** Most subjects one test gives: a stem many packages share (`base`) names none of them. */
const MAX_SUBJECTS = 2;

/**
 * The source files a test tests: those of its subject's stem and language, the ones it
 * imports first, else the ones whose folders share most words with the test's.
 */
export function subjectsOf(test: number, index: ProjectIndex, d: Derived): number[] {
  const name = subjectName(index.files[test]!.path);
  if (!name) return [];
  let candidates = (stems(index, d).get(name.stem) ?? []).filter((at) =>
    name.extensions.includes(stemOf(index.files[at]!.path)[1]),
  );
  const path = index.files[test]!.path;
  const root = testRoot(path);
  candidates = candidates.filter(
    (at) => root === undefined || !index.files[at]!.path.startsWith(root),
  );
  if (candidates.length === 0) return [];
  const imported = candidates.filter((at) => d.imports[test]!.includes(at));
  if (imported.length > 0) return imported.slice(0, MAX_SUBJECTS);
  if (candidates.length === 1) return candidates;
  const words = d.folders[test]!;
  const shared = candidates.map((at) => [...d.folders[at]!].filter((w) => words.has(w)).length);
  const best = Math.max(...shared);
  const top = candidates.filter((_, i) => shared[i] === best);
  return best > 0 && top.length <= MAX_SUBJECTS ? top : [];
}

/** How many of the best direct files are read for tests whose subject to lift. */
export const SUBJECT_TESTS = 10;

/**
 * What share of its test's fused score a subject is lifted to: its test's place before the
 * test's demotion, as if the words the test met were its own, and no higher. At 0.8 no
 * outcome moved on the issue sets; at 1.25 the subjects that are hubs (`schema.py`) pass the
 * source files the words put first (decision 242).
 */
export const SUBJECT_LIFT = 1;

/**
 * Lifts, in place, the subjects of the tests among the ten best files of the request's own
 * evidence (its direct signals fused): a subject those signals put below its test takes the
 * test's fused score (before any demotion) when that is above its own. A report's words often
 * meet the test that reproduces the bug, which names the file it tests, before the code the
 * fix changes; the test is demoted, its subject carries what it matched. A commit-like line
 * (not `long`) lifts only the first test's subject: its few words meet many tests among its
 * best files (four to seven of ten in the commits' misses), and lifting each one's subject
 * lowered the files it had right (decisions 103 and 242). Returns each lifted subject's test.
 */
export function liftSubjects(
  direct: Sums,
  fused: Sums,
  index: ProjectIndex,
  d: Derived,
  long: boolean,
): Map<number, number> {
  const limit = long ? SUBJECT_TESTS : 1;
  let tests = 0;
  const tested = new Map<number, number>();
  for (const [test, value] of bestOf(direct, SUBJECT_TESTS)) {
    if (tests === limit) break;
    if (d.roles[test] !== 'test') continue;
    let counted = false;
    for (const subject of subjectsOf(test, index, d)) {
      // A subject the request's evidence already puts above its test needs no lift.
      if (direct.values[subject]! >= value) continue;
      if (!counted) {
        counted = true;
        tests++;
      }
      const lifted = SUBJECT_LIFT * fused.values[test]!;
      if (fused.has[subject] && fused.values[subject]! >= lifted) continue;
      if (!fused.has[subject]) {
        fused.has[subject] = 1;
        fused.order.push(subject);
      }
      fused.values[subject] = lifted;
      tested.set(subject, test);
    }
  }
  return tested;
}

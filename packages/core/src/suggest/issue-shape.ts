/**
 * How a long request shaped as an issue (a title, a blank line, a body) is read beyond its
 * words (decisions 151 and 155): its title counts twice, and the modules beside its best file
 * are lifted (`near`). Both move files below the first only: the file the request as written
 * ranks first stays first (rank.ts).
 */
import type { Derived } from './derived';
import { type ParsedRequest, parseRequest } from './request';
import type { Scores } from './signals';

/** What follows an issue's title: a blank line, then a body. */
const BODY_AFTER_TITLE = /^[ \t\r]*\n\s*\S/;

/**
 * How many times an issue's title counts its terms: a report's title names what is wrong, its
 * body buries those words among a reproduction's and a log's.
 */
const TITLE_WEIGHT = 2;

/** The request with its title's terms counted TITLE_WEIGHT times, when it has an issue's shape. */
export function weighTitle(request: string, parsed: ParsedRequest): ParsedRequest {
  const end = request.indexOf('\n');
  if (end === -1 || !request.slice(0, end).trim()) return parsed;
  if (!BODY_AFTER_TITLE.test(request.slice(end + 1))) return parsed;
  const terms = new Map(parsed.terms);
  for (const [term, count] of parseRequest(request.slice(0, end)).terms) {
    const weight = terms.get(term);
    if (weight !== undefined) terms.set(term, weight + (TITLE_WEIGHT - 1) * count);
  }
  return { ...parsed, terms };
}

/**
 * A report asks for tests in its title only. Its body tells what its writer ran — a test
 * script, a CI job's test results, pytest among the packages installed — and its fix is the
 * code's: the test that comes with a fix is written against that code, not found by the
 * report's words. Lifted for such a word, the project's tests passed the source a report was
 * about (jinja's `test_api.py` first for a report's "test script"). A title that says so
 * (`CliRunner tests fail on Windows`) asks, as a one-line request does.
 */
export function asksInTitle(request: string, parsed: ParsedRequest): ParsedRequest {
  if (!parsed.asks.has('test')) return parsed;
  const end = request.indexOf('\n');
  if (end === -1 || parseRequest(request.slice(0, end)).asks.has('test')) return parsed;
  const asks = new Set(parsed.asks);
  asks.delete('test');
  return { ...parsed, asks };
}

/**
 * The files the best file of the direct signals imports or is imported by, scored by the
 * direct signals (`direct[at]` for each file `has[at]`, `order` the files in the order they
 * were first scored, which breaks a tie for the best): a report's fix is often in the module beside the one its words meet best,
 * which the graph's walk from ten seeds lifts too little.
 */
export function nearTop(
  order: readonly number[],
  direct: Float64Array,
  has: Uint8Array,
  d: Derived,
): Scores {
  const near: Scores = new Map();
  let top: number | undefined;
  for (const at of order) if (top === undefined || direct[at]! > direct[top]!) top = at;
  // A Go file's imports name other packages, and its importers are in other packages too.
  if (top === undefined || d.packageImporters.has(top)) return near;
  for (const at of [...d.imports[top]!, ...d.importers[top]!]) {
    if (at !== top && has[at]) near.set(at, direct[at]!);
  }
  return near;
}

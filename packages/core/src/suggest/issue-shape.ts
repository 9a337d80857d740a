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
 * A report that asks for tests in its body only, with the title left to the experiment's
 * choice (EXPERIMENT: `title-asks` drops every ask its title lacks).
 */
export function asksInTitle(request: string, parsed: ParsedRequest, exp?: string): ParsedRequest {
  const only =
    exp === 'title-asks' ? [...parsed.asks] : parsed.asks.has('test') ? ['test' as const] : [];
  if (only.length === 0 || exp === 'off') return parsed;
  const end = request.indexOf('\n');
  if (end === -1) return parsed;
  const title = parseRequest(request.slice(0, end)).asks;
  const asks = new Set(parsed.asks);
  for (const ask of only) if (!title.has(ask)) asks.delete(ask);
  return asks.size === parsed.asks.size ? parsed : { ...parsed, asks };
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

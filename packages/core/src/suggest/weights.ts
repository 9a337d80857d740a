import { requestBody } from './issue-text';
import { type ParsedRequest, parseRequest } from './request';

/** The signals fused, each by its rank (decision 095 says what each is worth). */
export type SignalName =
  | 'text'
  | 'passage'
  | 'path'
  | 'mentioned'
  | 'defines'
  | 'scope'
  | 'history'
  | 'linked'
  | 'flag'
  | 'follow'
  | 'near'
  | 'graph'
  | 'recent';

/** Weights of reciprocal-rank fusion; a weight of 0 turns a signal off (the bench's ablation). */
export type SignalWeights = Record<SignalName, number>;

export const DEFAULT_WEIGHTS: SignalWeights = {
  text: 1,
  passage: 2,
  path: 1,
  mentioned: 2,
  defines: 0.5,
  scope: 1,
  history: 1.5,
  linked: 2,
  flag: 2,
  follow: 1,
  near: 1,
  graph: 0.6,
  recent: 0.5,
};

/**
 * A request of more distinct terms than this reads as an issue (a report with its logs and
 * snippets), not a commit-like line: it resembles many past messages a little, so the history
 * counts half, and its own words, many and specific, count half again (decision 118). Only
 * such a request is scored by passage too: a report's words meet one function of a long file,
 * a one-line request's few words the file as a whole (decision 142); and only its best file's
 * neighbours are lifted (`near`, decisions 151 and 155).
 */
export const LONG_REQUEST_TERMS = 40;
const LONG_REQUEST_SCALE: Partial<SignalWeights> = { history: 0.5, text: 1.5, passage: 1.5 };
const SHORT_REQUEST_SCALE: Partial<SignalWeights> = { passage: 0, near: 0 };

/**
 * How many distinct terms a request has as written, for telling a report from a commit-like
 * line: a template's boilerplate (its environment, versions and checklist, issue-text.ts) is
 * not read for terms, but a report that fills a template is a report even when a few of its own
 * words are left after the cut (decision 180). Commit messages fill no template: theirs stays
 * the count of the terms read.
 */
export function writtenSize(request: string, parsed: ParsedRequest): number {
  const size = parsed.terms.size;
  if (size > LONG_REQUEST_TERMS || requestBody(request) === request) return size;
  return Math.max(size, parseRequest(request, { cut: false }).terms.size);
}

/**
 * Whether a request is a report filed through an issue template: a long request (more than
 * LONG_REQUEST_TERMS as written) from which the template cut took something (its versions,
 * environment or checklist; issue-text.ts). A commit message fills no template, whatever its
 * length. The fill takes such a report's first files in rank order (select.ts).
 */
export function filedReport(request: string): boolean {
  return (
    requestBody(request) !== request &&
    writtenSize(request, parseRequest(request)) > LONG_REQUEST_TERMS
  );
}

/** The weights for a request: a long one scales some (LONG_REQUEST_SCALE), a short one others. */
export function weightsFor(terms: number, weights: SignalWeights): SignalWeights {
  const scaled = { ...weights };
  const scale = terms > LONG_REQUEST_TERMS ? LONG_REQUEST_SCALE : SHORT_REQUEST_SCALE;
  for (const [name, factor] of Object.entries(scale) as [SignalName, number][]) {
    scaled[name] *= factor;
  }
  return scaled;
}

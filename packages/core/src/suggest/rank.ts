import { derived } from './derived';
import { headOf } from './fusion';
import { answersRequest, fuseReading } from './fuse-reading';
import { asksInTitle, weighTitle } from './issue-shape';
import { withNamedPackages } from './package-place';
import { requestSignals, termSignals } from './rank-signals';
import { rankedFiles } from './reasons';
import { parseRequest } from './request';
import { namedPackages } from './signals';
import type { ProjectIndex, RankedFile, RankOptions } from './types';
import {
  DEFAULT_WEIGHTS,
  LONG_REQUEST_TERMS,
  type SignalWeights,
  weightsFor,
  writtenSize,
} from './weights';

/**
 * The project's files for a request, best first: each signal scores the files it knows, the
 * rankings are fused by reciprocal rank, files whose role the request does not ask for are
 * demoted, and the top ones get the reasons a user reads. A long request is read twice: as
 * written, and with its issue title counted twice and `near` fused (issue-shape.ts); the second
 * reading orders the files, but the first file of the first stays first — the title and a
 * hub's neighbours moved the right first file down more often than they lifted one to the top,
 * while below it they lift the files a fix also edits (decision 155). The two readings share
 * what does not depend on the title's weight (decision 158): the request's own signals and
 * their rankings, each term's postings, passages and past messages, read once for both; of
 * the first reading only its first file is sought. A long request asks for tests in its title
 * only (`asksInTitle`).
 */
export function rankFiles(
  request: string,
  index: ProjectIndex,
  options: RankOptions & { weights?: SignalWeights } = {},
): RankedFile[] {
  const written = parseRequest(request);
  const size = writtenSize(request, written);
  const weights = weightsFor(size, options.weights ?? DEFAULT_WEIGHTS);
  const d = derived(index);
  const long = size > LONG_REQUEST_TERMS;
  const parsed = long ? asksInTitle(request, written) : written;
  const read = long ? weighTitle(request, parsed) : parsed;
  const twice = long && (read !== parsed || weights.near !== 0);
  const { own, ownRanks, linked, flag, follow } = requestSignals(
    parsed,
    index,
    d,
    weights,
    options,
  );
  const readings = twice && read !== parsed ? [read, parsed] : [read];
  const terms = termSignals(readings, index, d, weights.passage !== 0, options);
  if (!answersRequest(weights, own, terms)) return [];
  const signals = terms[0]!;
  const { fused, demoted, graph } = fuseReading(
    read,
    signals,
    own,
    ownRanks,
    index,
    d,
    weights,
    long,
  );
  const top = options.top ?? 20;
  let order = headOf(index, fused, top);
  if (twice) {
    const asWritten = fuseReading(
      parsed,
      terms.at(-1)!,
      own,
      ownRanks,
      index,
      d,
      {
        ...weights,
        near: 0,
        flag: 0,
        follow: 0,
      },
      long,
    ).fused;
    const first = headOf(index, asWritten, 1)[0]?.[0];
    if (first !== undefined && fused.has[first] && order[0] && order[0][0] !== first) {
      const moved: [number, number] = [first, Math.max(fused.values[first]!, order[0][1])];
      order = [moved, ...order.filter(([at]) => at !== moved[0])].slice(0, top);
    }
  }

  const packages = namedPackages(parsed.mentions, index);
  order = withNamedPackages(order, packages, index).slice(0, top);

  return rankedFiles(order, demoted, {
    parsed: read,
    index,
    d,
    signals: { ...own, ...signals },
    bestPassage: signals.passages?.best,
    linkedRefs: linked.refs,
    flagFiles: flag.flags,
    flagUses: follow.uses,
    packages,
    graph,
    options,
  });
}

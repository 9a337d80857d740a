/*
 * The tests' reference ranking (rank-once.test.ts): the ranking as decision 155 made it, each
 * reading of a request scored on its own from the start, every signal walked and every list
 * sorted whole, each rule written out the slow, obvious way. rankFiles shares the two readings'
 * work (decision 158), keeps its sums in typed arrays and takes heads without sorting: it must
 * give the same files, scores and reasons. The tables and constants (the weights, the role
 * demotions, the direct signals' order, the fusion's constant) are rankFiles' own, so that a
 * tuned number moves both; the rules that use them are written again here.
 */

import { type Derived, derived } from './derived';
import {
  COMPLETION_DEMOTION,
  DECLARATION_DEMOTION,
  DEFINER_PLACE,
  DEMOTION,
  TEMPLATE_DEMOTION,
  TRANSLATION_DEMOTION,
} from './demotion';
import { flagScores } from './flags';
import { followScores } from './follow';
import { RRF_K } from './fusion';
import { graphScores } from './graph';
import { historyScores, linkedScores } from './history';
import { REPORT_ERROR_WORDS, weighTitle } from './issue-shape';
import { type TermHit, passageScores } from './passages';
import { DIRECT, SEEDS } from './fuse-reading';
import { PACKAGE_PLACE } from './package-place';
import { rankedFiles } from './reasons';
import { type ParsedRequest, parseRequest } from './request';
import {
  type Scores,
  definitionScores,
  lexicalScores,
  mentionedFiles,
  namedPackages,
  pathScores,
  recencyScores,
  scopeScores,
} from './signals';
import type { ProjectIndex, RankOptions, RankedFile } from './types';
import { DEFAULT_WEIGHTS, LONG_REQUEST_TERMS, type SignalWeights, weightsFor } from './weights';

type Options = RankOptions & { weights?: SignalWeights };

/** A signal's files best first as rank by file, ties by the file's place in the index. */
function ranked(scores: Scores): Map<number, number> {
  const order = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return new Map(order.map(([at], rank) => [at, rank]));
}

/** Reciprocal-rank fusion: a file at rank r adds weight / (RRF_K + r + 1); a weight of 0 is off. */
function fuse(lists: [Map<number, number>, number][], into: Map<number, number>) {
  for (const [ranks, weight] of lists) {
    if (weight === 0) continue;
    for (const [at, rank] of ranks) into.set(at, (into.get(at) ?? 0) + weight / (RRF_K + rank + 1));
  }
}

/** Entries best first; a stable sort, so ties stay in the order the files were first scored. */
const bestFirst = (scores: ReadonlyMap<number, number>) => [...scores].sort((a, b) => b[1] - a[1]);

/** A Go file of a project with a go.mod: its imports and importers are other packages' files. */
const inGoPackage = (at: number, index: ProjectIndex) =>
  index.files[at]!.path.endsWith('.go') && index.files.some((file) => file.goModule);

/**
 * `near`: the best file of the direct signals (the first scored among equals) and, unless it is
 * a Go package's file, the files it imports or is imported by, scored by the direct signals.
 */
function nearTop(direct: ReadonlyMap<number, number>, index: ProjectIndex, d: Derived): Scores {
  const near: Scores = new Map();
  const top = bestFirst(direct)[0]?.[0];
  if (top === undefined || inGoPackage(top, index)) return near;
  for (const at of [...d.imports[top]!, ...d.importers[top]!]) {
    const score = direct.get(at);
    if (at !== top && score !== undefined) near.set(at, score);
  }
  return near;
}

/** The source files defining a long flag the request names, read from their entries. */
function flagDefiners(parsed: ParsedRequest, index: ProjectIndex, d: Derived): Set<number> {
  const files = new Set<number>();
  index.files.forEach((file, at) => {
    if (d.roles[at] !== 'source') return;
    // `flag` or `flag=variable`; `flag>field` is the field the flag's parser code sets.
    const defined = (file.flags ?? [])
      .filter((definition) => !definition.includes('>'))
      .map((definition) => definition.split('=')[0]!);
    if (defined.some((flag) => parsed.flags.has(flag))) files.add(at);
  });
  return files;
}

/** A report's path words: its terms but its error words (REPORT_ERROR_WORDS). */
function withoutErrorWords(parsed: ParsedRequest): ParsedRequest {
  const terms = new Map([...parsed.terms].filter(([term]) => !REPORT_ERROR_WORDS.has(term)));
  return { ...parsed, terms };
}

/** One reading of a request scored whole: every signal, the fusion, the graph, the demotions. */
function scoreReading(
  parsed: ParsedRequest,
  index: ProjectIndex,
  d: Derived,
  weights: SignalWeights,
  long: boolean,
  options: RankOptions,
) {
  const hits: TermHit[] = [];
  const [text] = lexicalScores([parsed], index, [hits]);
  // Passages are scored for a long request only (its weight is 0 for a short one).
  const passages = weights.passage ? passageScores([hits], index)[0]! : null;
  const linked = linkedScores(parsed, index, options.history);
  const flag = flagScores(parsed.flags, index, d);
  const follow = followScores(parsed.flags, index, d);
  const signals = {
    text: text!,
    passage: passages?.scores ?? new Map<number, number>(),
    path: pathScores([weights.passage ? withoutErrorWords(parsed) : parsed], index, d)[0]!,
    // A file's path, a trace's frame, a Go package's import path or a Python module's dotted name.
    mentioned: mentionedFiles(parsed.mentions, index, parsed.modules),
    linked: linked.scores,
    flag: flag.scores,
    follow: follow.scores,
    defines: definitionScores(parsed, d),
    scope: scopeScores(parsed, index, d),
    history: historyScores([parsed], index, options.history)[0]!,
    recent: recencyScores(index, options.changedPaths, options.recency),
  };

  // The direct signals, fused in DIRECT's order; then the neighbours of their best file.
  const direct = new Map<number, number>();
  fuse(
    DIRECT.map((name) => [ranked(signals[name]), weights[name]]),
    direct,
  );
  if (weights.near) fuse([[ranked(nearTop(direct, index, d)), weights.near]], direct);

  // The graph walked from the best direct files, then recency.
  const seeds = new Map(bestFirst(direct).slice(0, SEEDS));
  const graph = weights.graph ? graphScores(seeds, index, d) : new Map<number, number>();
  const fused = new Map(direct);
  fuse(
    [
      [ranked(graph), weights.graph],
      [ranked(signals.recent), weights.recent],
    ],
    fused,
  );

  // Roles, completions, editor plugins, declarations and translation catalogs the request does not ask for.
  const asked = (role: string) =>
    (role === 'test' && parsed.asks.has('test')) ||
    ((role === 'docs' || role === 'readme') && parsed.asks.has('docs')) ||
    (role === 'fixture' && parsed.asks.has('fixture')) ||
    (role === 'generated' && parsed.asks.has('generated')) ||
    (role === 'vendored' && parsed.asks.has('vendored')) ||
    (role === 'asset' && parsed.asks.has('asset'));
  // A completion defining a flag the request names is spared with the flag signal (decision 169).
  const definesFlag = weights.flag ? flagDefiners(parsed, index, d) : new Set<number>();
  const demoted = new Set<number>();
  for (const [at, score] of fused) {
    if (signals.mentioned.has(at)) continue;
    const role = d.roles[at]!;
    const completion =
      !signals.scope.has(at) &&
      ((d.completions.has(at) && !parsed.asks.has('completion') && !definesFlag.has(at)) ||
        (d.editorPlugins.has(at) && !parsed.asks.has('editor')));
    const declaration = long && d.declarations.has(at) && !parsed.asks.has('types');
    const translation = d.translations.has(at) && !parsed.asks.has('translation');
    const factor =
      (translation ? TRANSLATION_DEMOTION : 1) *
      (d.templates.has(at) && !signals.scope.has(at) ? TEMPLATE_DEMOTION : 1) *
      (asked(role) ? 1 : DEMOTION[role]) *
      (completion ? COMPLETION_DEMOTION : 1) *
      (declaration ? DECLARATION_DEMOTION : 1);
    if (factor === 1) continue;
    fused.set(at, score * factor);
    demoted.add(at);
  }

  // A request asking for tests keeps the best source file defining its names in the first few.
  if (parsed.asks.has('test')) {
    let definer: number | undefined;
    for (const at of signals.defines.keys()) {
      if (d.roles[at] !== 'source' || !fused.has(at)) continue;
      if (definer === undefined || fused.get(at)! > fused.get(definer)!) definer = at;
    }
    const head = bestFirst(fused).slice(0, DEFINER_PLACE);
    if (
      definer !== undefined &&
      head.length === DEFINER_PLACE &&
      !head.some(([at]) => at === definer)
    ) {
      // Just above the last of the head.
      fused.set(definer, head.at(-1)![1] * (1 + 1e-9));
    }
  }

  const order = [...fused].sort(
    (a, b) => b[1] - a[1] || (index.files[a[0]]!.path < index.files[b[0]]!.path ? -1 : 1),
  );
  return {
    order,
    demoted,
    signals,
    passages,
    graph,
    linkedRefs: linked.refs,
    flagFiles: flag.flags,
    // Files using a flag's names are told only when `follow` counts.
    flagUses: weights.follow ? follow.uses : new Map<number, never>(),
  };
}

/**
 * A request ranked as decision 155 says: a long one (more than LONG_REQUEST_TERMS distinct
 * terms, its template's boilerplate cut or not) is ranked with its title twice, `near`, `flag`
 * and `follow`, and then, when that reading weighs a title or fuses `near`, once more as
 * written without `near`, `flag` and `follow`; that second ranking's first file is moved
 * first, with the score of the file it passes when that is higher. `moved` says whether it
 * was. (`flag` and `follow` alone do not make a second reading: with `near` off, a report
 * without a title is read once, its flags counted for its first file too.)
 */
export function referenceRanking(
  request: string,
  index: ProjectIndex,
  options: Options = {},
): { files: RankedFile[]; moved: boolean } {
  const cut = parseRequest(request);
  const written = parseRequest(request, { cut: false });
  const size = Math.max(cut.terms.size, written.terms.size);
  const long = size > LONG_REQUEST_TERMS;
  // A long request asks for tests only when its first line does.
  const title = request.includes('\n') ? request.slice(0, request.indexOf('\n')) : request;
  const parsed =
    long && cut.asks.has('test') && !parseRequest(title).asks.has('test')
      ? { ...cut, asks: new Set([...cut.asks].filter((ask) => ask !== 'test')) }
      : cut;
  const weights = weightsFor(size, options.weights ?? DEFAULT_WEIGHTS);
  const d = derived(index);
  const read = long ? weighTitle(request, parsed) : parsed;
  const { order, demoted, signals, passages, graph, linkedRefs, flagFiles, flagUses } =
    scoreReading(read, index, d, weights, long, options);
  // No direct signal that counts scores a file: recency alone is no match (decision 202).
  if (DIRECT.every((name) => !weights[name] || signals[name].size === 0)) {
    return { files: [], moved: false };
  }
  let moved = false;
  if (long && (read !== parsed || weights.near)) {
    const asWritten = { ...weights, near: 0, flag: 0, follow: 0 };
    const [first] = scoreReading(parsed, index, d, asWritten, long, options).order;
    const at = first ? order.findIndex(([file]) => file === first[0]) : -1;
    if (at > 0) {
      const [file] = order.splice(at, 1);
      order.unshift([file![0], Math.max(file![1], order[0]![1])]);
      moved = true;
    }
  }
  // Each named package's entry file is put at PACKAGE_PLACE, with the score of the file it
  // passes, when no file under the package's folder is above that place.
  const packages = namedPackages(parsed.mentions, index);
  for (const { folder, entry } of packages) {
    const above = order.slice(0, PACKAGE_PLACE).map(([at]) => index.files[at]!.path);
    if (above.some((path) => path.toLowerCase().startsWith(folder))) continue;
    const was = order.findIndex(([at]) => at === entry);
    if (was !== -1) order.splice(was, 1);
    const passed = order[Math.min(PACKAGE_PLACE, order.length - 1)];
    order.splice(PACKAGE_PLACE, 0, [entry, passed ? passed[1] : 0]);
  }
  const top = order.slice(0, options.top ?? 20);
  const files = rankedFiles(top, demoted, {
    parsed: read,
    index,
    d,
    signals,
    bestPassage: passages?.best,
    linkedRefs,
    flagFiles,
    flagUses,
    packages,
    graph,
    options,
  });
  return { files, moved };
}

import { flagScores } from './flags';
import { followScores } from './follow';
import { describe, expect, it } from 'vitest';
import type { FileRole } from '../fit/roles';
import { type Derived, derived } from './derived';
import { PASSAGE_FIXTURE, SUGGEST_CASES, SUGGEST_FIXTURE } from './fixture';
import { graphScores } from './graph';
import { historyScores, linkedScores } from './history';
import { indexFile } from './index-file';
import { ISSUE_BODY, ISSUE_PROJECT } from './issue-fixture';
import { weighTitle } from './issue-shape';
import { type TermHit, passageScores } from './passages';
import { buildProjectIndex } from './project-index';
import { DEMOTION } from './demotion';
import { DIRECT, rankFiles } from './rank';
import { DEFAULT_WEIGHTS, type SignalWeights, weightsFor } from './weights';
import { reasonsFor } from './reasons';
import { type ParsedRequest, parseRequest } from './request';
import {
  type Scores,
  definitionScores,
  lexicalScores,
  mentionedFiles,
  pathScores,
  recencyScores,
  scopeScores,
} from './signals';
import type { ProjectIndex, RankOptions, RankedFile } from './types';

/*
 * The ranking as decision 155 made it, each reading scored on its own from the start, every
 * signal walked and every list sorted whole: rankFiles shares the two readings' work
 * (decision 158) and must give the same files, scores and reasons. Its tables (the role
 * demotions, the direct signals' order) are rankFiles' own.
 */
function ranked(scores: Scores): Map<number, number> {
  const order = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return new Map(order.map(([at], rank) => [at, rank]));
}

function fuse(lists: [Map<number, number>, number][], into: Map<number, number>) {
  for (const [ranks, weight] of lists) {
    if (weight === 0) continue;
    for (const [at, rank] of ranks) into.set(at, (into.get(at) ?? 0) + weight / (60 + rank + 1));
  }
}

function nearTop(direct: ReadonlyMap<number, number>, d: Derived): Scores {
  const near: Scores = new Map();
  let top: number | undefined;
  for (const [at, score] of direct) if (top === undefined || score > direct.get(top)!) top = at;
  if (top === undefined) return near;
  for (const at of [...d.imports[top]!, ...d.importers[top]!]) {
    const score = direct.get(at);
    if (at !== top && score !== undefined) near.set(at, score);
  }
  return near;
}

function scoreReading(
  parsed: ParsedRequest,
  index: ProjectIndex,
  d: Derived,
  weights: SignalWeights,
  options: RankOptions,
) {
  const hits: TermHit[] = [];
  const [text] = lexicalScores([parsed], index, [hits]);
  const passages = weights.passage ? passageScores([hits], index)[0]! : null;
  const linked = linkedScores(parsed, index, options.history);
  const flag = flagScores(parsed.flags, index, d);
  const follow = followScores(parsed.flags, index, d);
  const signals = {
    text: text!,
    passage: passages?.scores ?? new Map<number, number>(),
    path: pathScores([parsed], index, d)[0]!,
    mentioned: mentionedFiles(parsed.mentions, index),
    linked: linked.scores,
    flag: flag.scores,
    follow: follow.scores,
    defines: definitionScores(parsed, d),
    scope: scopeScores(parsed, index, d),
    history: historyScores([parsed], index, options.history)[0]!,
    recent: recencyScores(index, options.changedPaths, options.recency),
  };
  const ranks = Object.fromEntries(
    Object.entries(signals).map(([name, scores]) => [name, ranked(scores)]),
  ) as Record<keyof typeof signals, Map<number, number>>;
  const direct = new Map<number, number>();
  fuse(
    DIRECT.map((name) => [ranks[name], weights[name]]),
    direct,
  );
  if (weights.near) fuse([[ranked(nearTop(direct, d)), weights.near]], direct);
  const seeds = new Map([...direct].sort((a, b) => b[1] - a[1]).slice(0, 10));
  const graph = weights.graph ? graphScores(seeds, index, d) : new Map<number, number>();
  const fused = new Map(direct);
  fuse(
    [
      [ranked(graph), weights.graph],
      [ranks.recent, weights.recent],
    ],
    fused,
  );
  const asked = (role: FileRole) =>
    (role === 'test' && parsed.asks.has('test')) ||
    ((role === 'docs' || role === 'readme') && parsed.asks.has('docs')) ||
    (role === 'fixture' && parsed.asks.has('fixture')) ||
    (role === 'generated' && parsed.asks.has('generated')) ||
    (role === 'vendored' && parsed.asks.has('vendored')) ||
    (role === 'asset' && parsed.asks.has('asset'));
  const demoted = new Set<number>();
  for (const [at, score] of fused) {
    const completion =
      ((d.completions.has(at) && !parsed.asks.has('completion')) ||
        (d.editorPlugins.has(at) && !parsed.asks.has('editor'))) &&
      !signals.scope.has(at);
    // Every request here is long: a type declaration is lowered unless it asks for types.
    const declaration = d.declarations.has(at) && !parsed.asks.has('types');
    const factor =
      (asked(d.roles[at]!) ? 1 : DEMOTION[d.roles[at]!]) *
      (completion ? 0.5 : 1) *
      (declaration ? 0.5 : 1);
    if (signals.mentioned.has(at) || factor === 1) continue;
    fused.set(at, score * factor);
    demoted.add(at);
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
    flagUses: follow.uses,
  };
}

/** Both readings ranked whole, the first file of the one as written moved first. */
function rankTwice(request: string, index: ProjectIndex, options: RankOptions = {}) {
  const parsed = parseRequest(request);
  const weights = weightsFor(parsed.terms.size, DEFAULT_WEIGHTS);
  const d = derived(index);
  const long = parsed.terms.size > 40;
  const read = long ? weighTitle(request, parsed) : parsed;
  const { order, demoted, signals, passages, graph, linkedRefs, flagFiles, flagUses } =
    scoreReading(read, index, d, weights, options);
  let moved = false;
  if (long && (read !== parsed || weights.near)) {
    const [asWritten] = scoreReading(parsed, index, d, { ...weights, near: 0 }, options).order;
    const at = asWritten ? order.findIndex(([file]) => file === asWritten[0]) : -1;
    if (at > 0) {
      const [first] = order.splice(at, 1);
      order.unshift([first![0], Math.max(first![1], order[0]![1])]);
      moved = true;
    }
  }
  const top = order.slice(0, options.top ?? 20);
  const first = top[0]?.[0];
  const files: RankedFile[] = top.map(([at, score]) => ({
    path: index.files[at]!.path,
    score: Math.round(score * 1e6) / 1e6,
    role: d.roles[at]!,
    ...(demoted.has(at) ? { demoted: true } : {}),
    reasons: reasonsFor(at, {
      parsed: read,
      index,
      d,
      signals,
      bestPassage: passages?.best,
      linkedRefs,
      flagFiles,
      flagUses,
      graph,
      first,
      options,
    }),
  }));
  return { files, moved };
}

const issueProject = ISSUE_PROJECT;
const body = ISSUE_BODY;

const report = PASSAGE_FIXTURE.request;
const history = SUGGEST_CASES.find((c) => c.signal === 'history')!.history!;

/** Long requests, most of an issue's shape: a title, a blank line, a body. */
const cases: { name: string; files: Record<string, string>; request: string }[] = [
  {
    name: 'a title its log words outrank',
    files: issueProject,
    request: ['Merge conflict drops the remote edit', '', ...body].join('\n'),
  },
  {
    name: 'no blank line after the first: no title, `near` only',
    files: issueProject,
    request: ['Merge conflict drops the remote edit', ...body].join('\n'),
  },
  {
    name: "a table's neighbour",
    files: issueProject,
    request: [
      'Table columns are misaligned with wide cell width',
      '',
      'When I draw a table whose rows hold emoji, the columns after them are shifted: each row',
      'is padded as if the emoji took one column. Steps: make a table of three rows and two',
      'columns, put an emoji in the first cell, draw it. Expected: the columns line up as they',
      'do with plain letters. It happens in the terminal and in the exported text file alike.',
    ].join('\n'),
  },
  {
    name: 'a declaration beside the module it types',
    files: {
      ...issueProject,
      'src/sync/conflicts.d.ts':
        'export declare function mergeConflict(local: string, remote: string): string;\n',
    },
    request: ['Merge conflict drops the remote edit', '', ...body].join('\n'),
  },
  {
    name: 'a passage report',
    files: { ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files },
    request: `Sticky header: scroll clipped\n\n${report}`,
  },
  {
    name: 'a scope, a trace and a name in the title',
    files: { ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files },
    request: [
      'mail: `computeChecksum` of archived attachments retries the sms fallback',
      '',
      report,
      'panic: nil map',
      '\tservice/beta/handler.go:3 +0x1d',
      'when serving the monthly report download, the billing invoices page is blank.',
    ].join('\n'),
  },
];

describe('a long request ranked once', () => {
  for (const c of cases) {
    const index = buildProjectIndex(
      Object.entries(c.files).map(([path, text]) => indexFile({ path, text })),
    );
    it(`ranks as both readings ranked whole: ${c.name}`, () => {
      expect(parseRequest(c.request).terms.size).toBeGreaterThan(40);
      for (const options of [
        { top: 30 },
        { top: 3 },
        { top: 30, history, changedPaths: ['app/jobs/nightly_b.py', 'src/sync/upload.ts'] },
      ]) {
        expect(rankFiles(c.request, index, options)).toEqual(
          rankTwice(c.request, index, options).files,
        );
      }
    });
  }

  it("has a case where the first file as written is moved above the title's", () => {
    const moved = cases.filter((c) => {
      const index = buildProjectIndex(
        Object.entries(c.files).map(([path, text]) => indexFile({ path, text })),
      );
      return rankTwice(c.request, index, { top: 30 }).moved;
    });
    expect(moved.length).toBeGreaterThan(0);
  });
});

// Retrieval quality of the suggest ranker beside plain BM25, on the history set (history.ts):
// Acc@k (every gold file within the top k) and budget recall (every gold file in full text
// within the 27,000-token selection, filled from the top by suggestSelection with exact
// cl100k counts and real outlines). Run: node --import tsx bench/suggest/quality.ts
import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  type FileIndexEntry,
  type ModeTokens,
  type RankedFile,
  type SignalWeights,
  DEFAULT_WEIGHTS,
  buildProjectIndex,
  filedReport,
  fileRole,
  indexFile,
  outlineLanguageFor,
  rankFiles,
  suggestSelection,
} from '@promptloom/core';
import { createOutlineEngine } from '@promptloom/core/outline/engine';
import { get_encoding } from 'tiktoken';
import { type PlainDoc, bm25Rank, plainDoc } from './baseline';
import { historyAt, historyRepos, readBlobs, recencyAt, treeOf } from './history';
import { ISSUES, tasksFor } from './issues';

export const BUDGET = 27_000;
const KS = [1, 3, 5, 10] as const;
const DEPTH = 60;
/** Acc@k only (no token counts): the quick loop of development runs. */
const FAST = process.env.SUGGEST_FAST === '1';
/** One JSON line per task and method (ranks, costs, selection) to replay policies on. */
const DUMP = process.env.SUGGEST_DUMP;
const dump = (record: object) => {
  if (DUMP) appendFileSync(DUMP, `${JSON.stringify(record)}\n`);
};

const require = createRequire(import.meta.url);
const engine = createOutlineEngine({
  grammar: (name) =>
    readFile(require.resolve(`@cursorless/tree-sitter-wasms/out/tree-sitter-${name}.wasm`)),
  query: (name) =>
    readFile(
      new URL(`../../packages/core/src/outline/queries/${name}.scm`, import.meta.url),
      'utf8',
    ),
});
const cl100k = get_encoding('cl100k_base');

export interface Outcome {
  /** Rank (0-based) of the worst-placed gold file, Infinity when one is missing. */
  worst: number;
  /** Every gold file in full text within the budget's selection. */
  inBudget: boolean;
}

export interface Variant {
  name: string;
  weights?: SignalWeights;
}

export interface RepoResult {
  repo: string;
  tasks: number;
  outcomes: Map<string, Outcome[]>;
}

function worstRank(ranked: readonly string[], gold: readonly string[]): number {
  let worst = 0;
  for (const path of gold) {
    const at = ranked.indexOf(path);
    if (at === -1) return Infinity;
    worst = Math.max(worst, at);
  }
  return worst;
}

export async function measureQuality(options: {
  heldOut: boolean;
  variants: Variant[];
  log?: (line: string) => void;
}): Promise<RepoResult[]> {
  const results: RepoResult[] = [];
  for (const repo of historyRepos({ issues: ISSUES !== undefined })) {
    const only = process.env.SUGGEST_SHAS?.split(',');
    const tasks = tasksFor(repo).filter(
      (task) =>
        task.heldOut === options.heldOut && (!only || only.some((sha) => task.sha.startsWith(sha))),
    );
    if (ISSUES && tasks.length === 0) continue;
    const entries = new Map<string, FileIndexEntry>();
    const plain = new Map<string, PlainDoc>();
    const texts = new Map<string, string>();
    const tokenCache = new Map<string, ModeTokens>();
    const outcomes = new Map<string, Outcome[]>([
      ['bm25', []],
      ...options.variants.map((v) => [v.name, []] as [string, Outcome[]]),
    ]);
    let measured = 0;
    for (const task of tasks) {
      const tree = treeOf(repo.gitDir, task.parent);
      if (!task.gold.every((path) => tree.has(path))) continue;
      const key = (path: string, blob: string) => `${blob}:${path}`;
      const missing = [...tree].filter(([path, blob]) => !entries.has(key(path, blob)));
      const read = readBlobs(repo.gitDir, [...new Set(missing.map(([, blob]) => blob))]);
      for (const [path, blob] of missing) {
        const text = read.get(blob) ?? '';
        entries.set(key(path, blob), indexFile({ path, text }));
        plain.set(key(path, blob), plainDoc(path, text));
        texts.set(blob, text);
      }
      const keys = [...tree].map(([path, blob]) => key(path, blob));
      const index = buildProjectIndex(keys.map((k) => entries.get(k)!));
      const docs = keys.map((k) => plain.get(k)!);
      const tokensOf = async (paths: readonly string[]) => {
        const costs = new Map<string, ModeTokens>();
        for (const path of paths) {
          const k = key(path, tree.get(path)!);
          let cost = tokenCache.get(k);
          if (!cost) {
            const text = texts.get(tree.get(path)!) ?? '';
            const header = cl100k.encode_ordinary(path).length + 8;
            const full = cl100k.encode_ordinary(text).length + header;
            const language = outlineLanguageFor(path);
            const outline = language
              ? await engine.outline(language.grammar, language.query, text).catch(() => null)
              : null;
            const outlineTokens =
              outline === null ? undefined : cl100k.encode_ordinary(outline).length + header;
            cost = {
              full,
              path: header,
              ...(outlineTokens !== undefined && outlineTokens < full
                ? { outline: outlineTokens }
                : {}),
            };
            tokenCache.set(k, cost);
          }
          costs.set(path, cost);
        }
        return costs;
      };
      const recency = recencyAt(repo.gitDir, task.parent);
      const history = historyAt(repo.gitDir, task.parent, task.subject ?? task.request);
      const score = async (ranked: readonly RankedFile[] | readonly string[], name: string) => {
        const paths = ranked.map((r) => (typeof r === 'string' ? r : r.path));
        if (FAST) {
          outcomes.get(name)!.push({ worst: worstRank(paths, task.gold), inBudget: false });
          dump({
            repo: repo.name,
            sha: task.sha,
            variant: name,
            gold: task.gold.map((g) => [g, paths.indexOf(g)]),
            top: paths,
          });
          return;
        }
        // The ranker's own files (scores, reasons) when it has them: the fill reads them.
        const list: RankedFile[] = paths.map((path, at) =>
          typeof ranked[at] === 'string'
            ? { path, score: 0, role: fileRole(path), reasons: [] }
            : (ranked[at] as RankedFile),
        );
        const selection = suggestSelection({
          ranked: list,
          budget: BUDGET,
          tokens: await tokensOf(paths),
          report: filedReport(task.request),
        });
        const full = new Set(selection.files.filter((f) => f.mode === 'full').map((f) => f.path));
        outcomes.get(name)!.push({
          worst: worstRank(paths, task.gold),
          inBudget: task.gold.every((path) => full.has(path)),
        });
        if (DUMP) {
          const costs = await tokensOf(paths);
          dump({
            repo: repo.name,
            sha: task.sha,
            variant: name,
            gold: task.gold.map((g) => [g, paths.indexOf(g), costs.get(g)?.full]),
            top: list.map((f) => [
              f.path,
              costs.get(f.path)?.full,
              costs.get(f.path)?.outline,
              f.score,
              f.reasons.some((r) => r.kind === 'mentioned'),
              f.demoted === true,
              f.reasons.map((r) => r.kind),
            ]),
            selected: selection.files.map((f) => [f.path, f.mode, f.tokens]),
          });
        }
      };
      await score(bm25Rank(task.request, docs, DEPTH), 'bm25');
      for (const variant of options.variants) {
        const ranked = rankFiles(task.request, index, {
          top: DEPTH,
          recency,
          history,
          ...(variant.weights ? { weights: variant.weights } : {}),
        });
        await score(ranked, variant.name);
      }
      measured++;
    }
    options.log?.(`${repo.name}: ${measured} tasks (${entries.size} file versions indexed)`);
    // Each repository's rows as soon as they are known: a long run stopped early keeps them.
    const names = ['bm25', ...options.variants.map((variant) => variant.name)];
    options.log?.(
      qualityTable([{ repo: repo.name, tasks: measured, outcomes }], names)
        .slice(2, 2 + names.length)
        .join('\n'),
    );
    results.push({ repo: repo.name, tasks: measured, outcomes });
  }
  return results;
}

export function accuracy(outcomes: readonly Outcome[]): { acc: number[]; budget: number } {
  const n = Math.max(outcomes.length, 1);
  return {
    acc: KS.map((k) => outcomes.filter((o) => o.worst < k).length / n),
    budget: outcomes.filter((o) => o.inBudget).length / n,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function qualityTable(results: readonly RepoResult[], names: readonly string[]): string[] {
  const lines = [
    '| set | method | tasks | Acc@1 | Acc@3 | Acc@5 | Acc@10 | all gold in full within 27k |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  const all = new Map<string, Outcome[]>();
  const row = (set: string, name: string, outcomes: readonly Outcome[]) => {
    const { acc, budget } = accuracy(outcomes);
    lines.push(
      `| ${set} | ${name} | ${outcomes.length} | ${acc.map(pct).join(' | ')} | ${pct(budget)} |`,
    );
  };
  for (const result of results) {
    for (const name of names) {
      const outcomes = result.outcomes.get(name) ?? [];
      all.set(name, [...(all.get(name) ?? []), ...outcomes]);
      row(result.repo, name, outcomes);
    }
  }
  for (const name of names) row('**all**', name, all.get(name) ?? []);
  return lines;
}

/** Each signal off in turn: what the fused ranking loses without it. */
export function ablations(): Variant[] {
  return (Object.keys(DEFAULT_WEIGHTS) as (keyof SignalWeights)[]).map((signal) => ({
    name: `without ${signal}`,
    weights: { ...DEFAULT_WEIGHTS, [signal]: 0 },
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const heldOut = process.env.SUGGEST_HELDOUT === '1';
  // SUGGEST_VARIANTS='{"name":{"defines":0.5}}': weight sets tried beside the default.
  const tried = Object.entries(
    JSON.parse(process.env.SUGGEST_VARIANTS ?? '{}') as Record<string, Partial<SignalWeights>>,
  ).map(([name, weights]) => ({ name, weights: { ...DEFAULT_WEIGHTS, ...weights } }));
  const variants: Variant[] = [
    { name: 'suggest' },
    ...tried,
    ...(process.env.SUGGEST_ABLATE === '1' ? ablations() : []),
  ];
  const results = await measureQuality({
    heldOut,
    variants,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(qualityTable(results, ['bm25', ...variants.map((v) => v.name)]).join('\n'));
}

import type { AnswerFormatMode } from '../prompt/answer-format';
import { type ModeTokens } from '../fit/modes';
import type { RankedFile, SuggestReasonKind, SuggestedFile, SuggestedSelection } from './types';

export interface SelectionInput {
  /** rankFiles' answer, best first. */
  ranked: readonly RankedFile[];
  budget: number;
  /** Exact tokens of each ranked file per mode (fit/mode-costs.ts): no outline, no entry. */
  tokens: ReadonlyMap<string, ModeTokens>;
  /** Tokens of the rest of the prompt (blocks, request, tree): taken from the budget first. */
  otherTokens?: number;
  /** With search/replace or a diff, the file taken first keeps its text: an outline gives no search text. */
  answerFormat?: AnswerFormatMode;
  /**
   * The request is a report filed through an issue template (`filedReport`): its first files
   * are taken whole in rank order (REPORT_HEAD).
   */
  report?: boolean;
}

/** Whether an answer format edits by quoting the file's text (so an outline cannot serve). */
export function editsByQuoting(format: AnswerFormatMode | undefined): boolean {
  return format === 'search-replace' || format === 'unified-diff';
}

/**
 * How fast the worth of a file's full text falls with its rank: rank r is worth 1 / (r + 1)^2.5
 * of the top file, times the square root of its score's share of the top score — two files a
 * rank apart but of nearly one score are worth nearly the same, a file below a drop in score
 * less. Decision 123 kept 1 / (r + 1)^2 by rank alone; with the score's share (decision 125)
 * 2.5 and a square root did best on both development sets, by a task or two.
 */
const RANK_DECAY = 2.5;
const SCORE_SHARE_POWER = 0.5;

const scoreShare = (score: number, top: number) =>
  top > 0 ? (Math.max(score, 0) / top) ** SCORE_SHARE_POWER : 1;

/**
 * The reasons that come from a signal other than the request's words in the file's text
 * (`text`) or the graph alone (`related`): named, defining a name, a flag or a path word,
 * beside the top file in the imports, changed lately or by a past or linked change, and a
 * passage (a file longer than one passage whose words the passage signal met). Fused scores
 * fall slowly down a ranking, so a file several of these back hardly stands out by its score
 * from the small files below it that the words alone meet; its worth is multiplied by
 * (1 + the kinds of these it has)^EVIDENCE_POWER (decision 188). Every file longer than one
 * passage that the words meet has a passage (decision 195): counting it softens what one more
 * kind adds among those (3² over 2², not 2² over 1²), so that a file of a few lines one kind
 * backs no longer passes a longer file twenty ranks above it.
 */
const EVIDENCE = new Set<SuggestReasonKind>([
  'mentioned',
  'defines',
  'flag',
  'path',
  'imported-by-top',
  'imports-top',
  'changed',
  'recent',
  'past-change',
  'linked-change',
  'passage',
]);
const EVIDENCE_POWER = 2;

/**
 * A report's first files taken in rank order. A report filed through an issue template
 * (`filedReport`: long, its versions, environment or checklist cut) tells its problem at
 * length, and the files its reading puts first are the ones its fix edits more often than the
 * greedy fill's worth per token says: an 11,000-token module ranked 4th gave its room to
 * several small files ranked below it that the report's words meet as well (ansible's
 * `strategy/__init__.py` behind `modules/meta.py`, `strategy/linear.py`, `playbook/block.py`).
 * So the source files among the first REPORT_HEAD of such a report's ranking are taken whole in
 * rank order, each while it fits, after the named files and the file taken first, before the
 * greedy fill. A commit message's words, however many, meet many files about as well, and
 * there the greedy fill's lean towards several small files is the better bet (decision 148; a
 * long cobra commit lost its gold to a 16,000-token second file taken in rank order), as it is
 * below the head of a report. Decision 247 measured 3 to 10: 4 and 5 win, 6 on loses.
 */
const REPORT_HEAD = 4;

/** Scores this close to the top score (relative) share it: a sum's rounding is no lead. */
const TIED = 1e-9;

const evidence = (file: RankedFile) =>
  (1 + new Set(file.reasons.filter((r) => EVIDENCE.has(r.kind)).map((r) => r.kind)).size) **
  EVIDENCE_POWER;

const named = (file: RankedFile) => file.reasons.some((reason) => reason.kind === 'mentioned');

/**
 * A file whose role Fit trims before source (tests, docs, assets, fixtures…, decision 096) and
 * the ranker lowered for it: whole only after the source files. A readme is trimmed with
 * source, so it stays with them.
 */
const secondary = (file: RankedFile) => file.demoted === true && file.role !== 'readme';

/**
 * A data file (YAML, JSON, TOML, XML, INI…) longer than BULKY_DATA_SHARE of the budget: a table
 * of every option, schema or fixture of a project, whose entries a report's words all meet
 * (ansible's `config/base.yml`, 22,000 tokens, defines every setting a report names). The fix
 * edits the code that reads the table far more often than the table, and the table taken whole
 * first leaves that code no room. Such a file is not the one taken first and goes whole only
 * after the source files, with the secondary ones, unless the request names it.
 */
const DATA_FORMAT = /\.(jsonc?|json5|ya?ml|toml|xml|ini|cfg|conf|properties|plist)$/i;
const BULKY_DATA_SHARE = 1 / 3;

/** A type declaration (`.d.ts`, `.d.mts`, `.d.cts`, `.pyi`) and the extensions of its module. */
const DECLARATION = /\.(d\.ts|d\.mts|d\.cts|pyi)$/i;
const MODULE_EXTENSIONS: Record<string, readonly string[]> = {
  'd.ts': ['ts', 'tsx', 'js', 'jsx'],
  'd.mts': ['mts', 'mjs'],
  'd.cts': ['cts', 'cjs'],
  pyi: ['py'],
};

/**
 * The ranked type declarations by the path of the module beside them that they declare
 * (`validators.pyi` → `validators.py`, `index.d.ts` → `index.js`), each smaller than its
 * module. A stub is its module's interface: a fix that changes a signature changes both, and a
 * report tells the module's behaviour, so the ranker lowers the stub (a declaration in a report)
 * while the module ranks high. A declaration larger than its module declares more than it (a
 * package's `__init__.pyi` of every name it re-exports), and is left where its rank puts it.
 */
function declarationsByModule<T extends { file: RankedFile; tokens: ModeTokens }>(
  costed: readonly T[],
) {
  const byPath = new Map(costed.map((entry) => [entry.file.path, entry]));
  const found = new Map<string, T[]>();
  for (const entry of costed) {
    const match = DECLARATION.exec(entry.file.path);
    if (!match) continue;
    const stem = entry.file.path.slice(0, match.index + 1);
    for (const extension of MODULE_EXTENSIONS[match[1]!.toLowerCase()] ?? []) {
      const module = byPath.get(stem + extension);
      if (!module) continue;
      if (entry.tokens.full <= module.tokens.full)
        found.set(module.file.path, [...(found.get(module.file.path) ?? []), entry]);
      break;
    }
  }
  return found;
}

/**
 * The suggested selection within a budget, in two passes (decision 123). Full text first: the
 * files the request names, then the top file (of the files sharing the top score, the one of
 * most evidence per token, not one that imports the top file), then the others by worth per
 * token (a rank's worth, RANK_DECAY, times its score's share of the top score and its
 * evidence, over the file's full tokens), source before secondary files and bulky data files
 * (never taken first), each while it fits —
 * so one large file far from the top does not take the room of several smaller ones nearer to
 * it, nor a test or a stylesheet that of a source file. A type declaration beside a module
 * taken whole follows it at once, while it fits. Then outlines, in rank order, of the files
 * left, while they fit; a named file is never outlined, nor the top file when the answer edits
 * by quoting its text. The rest is left out. Files come back in rank order.
 */
export function suggestSelection(input: SelectionInput): SuggestedSelection {
  let left = input.budget - (input.otherTokens ?? 0);
  const costed = input.ranked.flatMap((file, rank) => {
    const tokens = input.tokens.get(file.path);
    return tokens ? [{ file, rank, tokens }] : [];
  });
  const bulkyData = ({ file, tokens }: (typeof costed)[number]) =>
    !named(file) && DATA_FORMAT.test(file.path) && tokens.full > input.budget * BULKY_DATA_SHARE;
  const top = Math.max(0, ...input.ranked.map((file) => file.score));
  const worth = ({ file, rank, tokens }: (typeof costed)[number]) =>
    (scoreShare(file.score, top) * evidence(file)) /
    ((rank + 1) ** RANK_DECAY * Math.max(tokens.full, 1));
  // The file taken first: of the files that share the top score, the one of most evidence per
  // token (the first in rank order on a tie). A report's two readings that disagree on the
  // first file give both the top score (rank.ts), and which of them a fix edits is a toss-up
  // that the rank order does not settle; the larger one, taken first, can leave no room for
  // the other's neighbours (decision 196). A tied file that imports the top file is not taken
  // before it: it uses what the top module implements, and the fix is the module's more often
  // than its importer's (attrs' `_next_gen.py` beside `_make.py`; decision 224).
  const perToken = ({ file, tokens }: (typeof costed)[number]) =>
    evidence(file) / Math.max(tokens.full, 1);
  const head = input.ranked[0]?.score ?? 0;
  const importsTop = (file: RankedFile) =>
    file.reasons.some(
      (reason) => reason.kind === 'imports-top' && reason.to === input.ranked[0]?.path,
    );
  // A bulky data file at the top gives its place to the first file after it that is not one.
  let lead = costed[0]?.rank === 0 ? costed.find((entry) => !bulkyData(entry)) : undefined;
  for (const entry of costed) {
    if (head <= 0 || entry.file.score < head * (1 - TIED)) break;
    if (lead && !bulkyData(entry) && !importsTop(entry.file) && perToken(entry) > perToken(lead))
      lead = entry;
  }
  const later = (entry: (typeof costed)[number]) => secondary(entry.file) || bulkyData(entry);
  const reportHead = input.report === true ? REPORT_HEAD : 0;
  // The order of the fill's groups: named, the file taken first, a report's head in rank
  // order, then by worth per token the source files and the lowered or bulky ones.
  const first = (entry: (typeof costed)[number]) =>
    named(entry.file) ? 0 : entry === lead ? 1 : later(entry) ? 4 : entry.rank < reportHead ? 2 : 3;
  const inOrder = (entry: (typeof costed)[number]) => (first(entry) === 2 ? entry.rank : 0);
  const declarations = declarationsByModule(costed);
  const whole = new Set<string>();
  const take = (entry: (typeof costed)[number]) => {
    if (whole.has(entry.file.path) || entry.tokens.full > left) return;
    whole.add(entry.file.path);
    left -= entry.tokens.full;
    for (const declaration of declarations.get(entry.file.path) ?? []) take(declaration);
  };
  for (const entry of [...costed].sort(
    (a, b) =>
      first(a) - first(b) || inOrder(a) - inOrder(b) || worth(b) - worth(a) || a.rank - b.rank,
  ))
    take(entry);
  const keepWhole = editsByQuoting(input.answerFormat);
  const files: SuggestedFile[] = [];
  for (const { file, tokens } of costed) {
    if (whole.has(file.path)) {
      files.push({ ...file, mode: 'full', tokens: tokens.full });
      continue;
    }
    if (named(file) || (file.path === lead?.file.path && keepWhole)) continue;
    if (tokens.outline !== undefined && tokens.outline <= left) {
      files.push({ ...file, mode: 'outline', tokens: tokens.outline });
      left -= tokens.outline;
    }
  }
  return {
    files,
    tokens: files.reduce((sum, file) => sum + file.tokens, 0),
    budget: input.budget,
  };
}

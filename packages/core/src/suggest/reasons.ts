import type { Derived } from './derived';
import { termCount } from './index-file';
import { PASSAGE_LINES } from './passages';
import { mentionTails, tailMatches } from './mentions';
import type { FlagUse } from './follow';
import type { ParsedRequest } from './request';
import { type NamedPackage, type Scores, pointsAtDefiners } from './signals';
import { termHash, wholeForm } from './tokenize';
import type { ProjectIndex, RankedFile, RankOptions, SuggestReason } from './types';

interface Context {
  parsed: ParsedRequest;
  index: ProjectIndex;
  d: Derived;
  signals: Record<
    'text' | 'path' | 'mentioned' | 'defines' | 'recent' | 'history' | 'linked' | 'flag',
    Scores
  >;
  /** The best passage of each file the passage signal scored (a long request's). */
  bestPassage: ReadonlyMap<number, number> | undefined;
  /** How the request named the past change of each linked file (`#15135`, a hash). */
  linkedRefs: ReadonlyMap<number, string>;
  /** The flag of the request each flag file defines or reads, as written. */
  flagFiles: ReadonlyMap<number, { flag: string; defines: boolean; folder?: string }>;
  /** The flag of the request whose name each file uses, and the name (follow.ts). */
  flagUses: ReadonlyMap<number, FlagUse>;
  /** The scoped packages the request names whose entry file the project holds. */
  packages: readonly NamedPackage[];
  graph: Scores;
  /** The top file's index. */
  first: number | undefined;
  options: RankOptions;
}

/**
 * The files of `order` (each file's index and fused score, best first) as a ranking gives
 * them: path, score rounded, role, whether it was demoted, and the reasons a user reads.
 */
export function rankedFiles(
  order: readonly (readonly [number, number])[],
  demoted: ReadonlySet<number>,
  c: Omit<Context, 'first'>,
): RankedFile[] {
  const first = order[0]?.[0];
  return order.map(([at, score]) => ({
    path: c.index.files[at]!.path,
    score: Math.round(score * 1e6) / 1e6,
    role: c.d.roles[at]!,
    ...(demoted.has(at) ? { demoted: true } : {}),
    reasons: reasonsFor(at, { ...c, first }),
  }));
}

/** The reasons a user reads for one ranked file, strongest first. */
function reasonsFor(at: number, c: Context): SuggestReason[] {
  const reasons: SuggestReason[] = [];
  const file = c.index.files[at]!;
  if (c.signals.mentioned.has(at)) {
    const lower = file.path.toLowerCase();
    const mention = c.parsed.mentions.find((m) =>
      mentionTails(m.path).some((tail) => tailMatches(lower, tail)),
    );
    reasons.push(
      mention?.line !== undefined
        ? {
            kind: 'mentioned',
            line: mention.line,
            message: `named in the request (line ${mention.line})`,
          }
        : { kind: 'mentioned', message: 'named in the request' },
    );
  }
  const named = c.packages.find((pkg) => pkg.entry === at);
  if (named) {
    reasons.push({
      kind: 'package',
      name: named.name,
      message: `entry of ${named.name}, named in the request`,
    });
  }
  if (c.signals.defines.has(at)) {
    const defined = new Set(file.defs.map(wholeForm));
    for (const [name, codeLike] of c.parsed.names) {
      const definers = c.d.definers.get(name)?.length ?? 0;
      if (!defined.has(name) || !pointsAtDefiners(codeLike, definers)) continue;
      // Prose ("parse args") is shown as the file spells the name (`parse_args`).
      const asked = c.parsed.written.get(name) ?? name;
      const written = asked.includes(' ')
        ? (file.defs.find((def) => wholeForm(def) === name) ?? asked)
        : asked;
      reasons.push({
        kind: 'defines',
        name: written,
        message: `defines \`${written}\`, named in the request`,
      });
      if (reasons.filter((r) => r.kind === 'defines').length === 2) break;
    }
  }
  const flag = c.flagFiles.get(at);
  const use = c.flagUses.get(at);
  if (flag?.folder !== undefined) {
    reasons.push({
      kind: 'flag',
      flag: flag.flag,
      defines: false,
      folder: flag.folder,
      message: `in ${flag.folder}, the folder ${flag.flag} names`,
    });
  } else if (flag) {
    reasons.push({
      kind: 'flag',
      flag: flag.flag,
      defines: flag.defines,
      message: `${flag.defines ? 'defines' : 'reads'} ${flag.flag}, named in the request`,
    });
  } else if (use) {
    reasons.push({
      kind: 'flag',
      flag: use.flag,
      defines: false,
      uses: use.ident,
      message: `uses \`${use.ident}\`, set by ${use.flag}`,
    });
  }
  if (c.signals.path.has(at)) {
    const words = [...c.parsed.terms.keys()]
      .filter((term) => c.d.names[at]!.has(term) || c.d.folders[at]!.has(term))
      .sort((a, b) => (c.d.pathDf.get(a) ?? 0) - (c.d.pathDf.get(b) ?? 0));
    const word = words[0] === undefined ? undefined : (c.parsed.spelled.get(words[0]) ?? words[0]);
    if (word) reasons.push({ kind: 'path', word, message: `path matches '${word}'` });
  }
  if (c.first !== undefined && c.first !== at) {
    const top = c.index.files[c.first]!.path;
    if (c.d.imports[c.first]!.includes(at)) {
      reasons.push({
        kind: 'imported-by-top',
        from: top,
        message: `imported by the top file (${top})`,
      });
    } else if (c.d.imports[at]!.includes(c.first)) {
      reasons.push({ kind: 'imports-top', to: top, message: `imports the top file (${top})` });
    }
  }
  if (c.options.changedPaths?.includes(file.path)) {
    reasons.push({ kind: 'changed', message: 'changed since the last prompt' });
  } else if (c.signals.recent.has(at)) {
    reasons.push({ kind: 'recent', message: 'changed in recent commits' });
  }
  const ref = c.linkedRefs.get(at);
  if (ref !== undefined) {
    reasons.push({
      kind: 'linked-change',
      ref,
      message: `changed by ${ref}, named in the request`,
    });
  }
  if (c.signals.history.has(at)) {
    reasons.push({ kind: 'past-change', message: 'changed by past commits like this request' });
  }
  const passage = c.bestPassage?.get(at);
  if (passage !== undefined && file.passages) {
    // A long file whose one part matches: where to look, as lines.
    const from = passage * PASSAGE_LINES + 1;
    const to = from + PASSAGE_LINES - 1;
    reasons.push({ kind: 'passage', from, to, message: `lines ${from}–${to} match most` });
  }
  if (c.signals.text.has(at)) {
    // Shown as the request writes them: `updat` and `updating` are one word to the user.
    const spelled = [...c.parsed.terms.keys()]
      .map((term) => [term, termCount(file, termHash(term))] as const)
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([term]) => c.parsed.spelled.get(term) ?? term);
    const words = [...new Set(spelled)].slice(0, 3);
    if (words.length) {
      reasons.push({
        kind: 'text',
        words,
        message: `text uses ${words.map((w) => `'${w}'`).join(', ')}`,
      });
    }
  }
  if (reasons.length === 0 && c.graph.has(at)) {
    reasons.push({ kind: 'related', message: 'linked to the top files by imports and references' });
  }
  return reasons;
}

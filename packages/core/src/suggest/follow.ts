import type { Derived } from './derived';
import { flagDefinersOf } from './flags';
import { termPostings } from './postings';
import type { Scores } from './signals';
import { termHash, termsOf, wholeForm } from './tokenize';
import type { ProjectIndex } from './types';

/**
 * The code a flag the request names drives: a report quotes the command it ran, and its flags
 * lift the parser that defines them, while the fix is in the code that reads the value. That
 * code holds the flag's name as an identifier (`--exec` → `exec`, `--line-buffered` →
 * `line_buffered`), the variable a parser binds it to, or the field its parser code assigns
 * (fzf's `case "--no-sort": opts.Sort = 0`).
 */

/** Holders of a name past which it is a common word, not the flag's. */
const MAX_USERS = 30;

/** A file using a flag's name: the flag as the request writes it, the name as the file spells it. */
export interface FlagUse {
  flag: string;
  ident: string;
}

export interface FollowFiles {
  scores: Scores;
  uses: Map<number, FlagUse>;
}

/** The term a name is counted under: a one-part name's stem (`sorted` → `sort`), else its whole form. */
function termOf(name: string): string {
  const terms = termsOf(name.replace(/-/g, '_'));
  return terms.length === 1 ? terms[0]! : wholeForm(name);
}

/** A flag's own name as a file of this language spells an identifier: `line_buffered`, `lineBuffered`. */
function spelledIn(path: string, flag: string): string {
  const words = flag.replace(/^--/, '').split('-');
  if (/\.(rs|py|rb|c|h|cc|cpp|sh)$/.test(path)) return words.join('_');
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

/**
 * Source files using a name of a flag the request names, 1 / √users for each name, when the
 * name has at most `maxUsers` of them: not the flag's definers, completions or editor plugins,
 * which list it, nor tests and docs.
 */
export function followScores(
  flags: ReadonlyMap<string, string>,
  index: ProjectIndex,
  d: Derived,
): FollowFiles {
  const scores: Scores = new Map();
  const uses = new Map<number, FlagUse>();
  if (flags.size === 0) return { scores, uses };
  const postings = termPostings(index);
  const definers = flagDefinersOf(flags, d);
  for (const [flag, written] of flags) {
    if (!d.flagDefiners.has(flag)) continue;
    // Each name once, by its term, with how a file spells it (undefined: the flag's own name).
    const names = new Map<string, string | undefined>([[termOf(written.slice(2)), undefined]]);
    for (const ident of d.flagIdents.get(flag) ?? []) names.set(ident, ident);
    for (const field of d.flagFields.get(flag) ?? []) {
      if (!names.has(termOf(field))) names.set(termOf(field), field);
    }
    for (const [term, spelled] of names) {
      if (term.length < 3) continue;
      const users = [...postings.of(termHash(term)).files].filter(
        (at) =>
          d.roles[at] === 'source' &&
          !definers.has(at) &&
          !d.completions.has(at) &&
          !d.editorPlugins.has(at),
      );
      if (users.length === 0 || users.length > MAX_USERS) continue;
      for (const at of users) {
        scores.set(at, (scores.get(at) ?? 0) + 1 / Math.sqrt(users.length));
        if (!uses.has(at)) {
          uses.set(at, {
            flag: written,
            ident: spelled ?? spelledIn(index.files[at]!.path, written),
          });
        }
      }
    }
  }
  return { scores, uses };
}

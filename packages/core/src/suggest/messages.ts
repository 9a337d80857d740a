// Messages a program prints: the word pairs of its string literals, and the runs of a request's
// quoted output (an error, a warning, a log line) that follow them word after word.
import { findSorted } from './passages';
import { termPostings } from './postings';
import { termHash, wholeForm } from './tokenize';
import type { ProjectIndex } from './types';

/** Word pairs kept per file: the literals of a hand-written file, bounded for a data table. */
const MAX_PAIRS = 8192;
/** A string literal on one line ("…", '…', `…`), escapes included. */
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n]|\\.)*`/g;
/** A line that is only a comment: its quotes are English, not a literal. */
const COMMENT_LINE = /^\s*(?:\/\/|#|\*|\/\*|--|;)/;
/**
 * What a printed message has in place of a value: `{}`, `{name}`, `${x}`, `%s`, `%(x)s`, `%v`,
 * `\n`. A pair never spans one, since the request shows the value there, not the placeholder.
 */
const PLACEHOLDER = /\$?\{[^{}]*\}|%(?:\([^)]*\))?[-+ #0-9.]*[a-zA-Z]|\\[ntr]/g;
const WORD = /[A-Za-z][A-Za-z0-9]*/g;

const pairHash = (a: string, b: string) => termHash(`${a} ${b}`);

/** `Key: "…"`, `KEY = "…"`, `Key: toParseError("…"`: the name a message is filed under. */
const KEY_BEFORE = /([A-Za-z_$][\w$]*)["']?\s*[:=]\s*(?:[\w$.]+(?:<[^>]*>)?\()?\s*$/;

/**
 * The hashes of the adjacent word pairs of a file's string literals, sorted, unique, and for
 * each the whole-form hash of the key its literal is filed under (0 when none).
 */
export function literalPairs(text: string): { pairs: Uint32Array; keys: Uint32Array } {
  const found = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (COMMENT_LINE.test(line) || !/["'`]/.test(line)) continue;
    for (const match of line.matchAll(LITERAL)) {
      const key = KEY_BEFORE.exec(line.slice(0, match.index))?.[1];
      const keyHash = key && key.length >= 6 ? termHash(wholeForm(key)) : 0;
      for (const piece of match[0].slice(1, -1).split(PLACEHOLDER)) {
        const words = (piece.match(WORD) ?? []).map((w) => w.toLowerCase());
        for (let i = 1; i < words.length; i++) {
          const hash = pairHash(words[i - 1]!, words[i]!);
          if (!found.has(hash) || found.get(hash) === 0) found.set(hash, keyHash);
        }
      }
      if (found.size >= MAX_PAIRS) break;
    }
    if (found.size >= MAX_PAIRS) break;
  }
  const pairs = Uint32Array.from(found.keys()).sort();
  return { pairs, keys: pairs.map((hash) => found.get(hash)!) };
}

/** A fenced block, a quoted line, an inline code span: where a request pastes what it saw. */
const FENCED = /^\s*(```|~~~)[^\n]*\n([\s\S]*?)(?:^\s*\1\s*$|(?![\s\S]))/gm;
const INLINE = /`([^`\n]+)`/g;
const QUOTED = /^\s*>\s?(.*)$/gm;
/** A prose line that reports a message: `Error: …`, `warning: …`, `[vite] …`, `panicked at`. */
const MESSAGE_LINE =
  /\b(?:error|warning|warn|panic(?:ked)?|exception|traceback|fatal|failed|cannot|can't|unable|invalid|unknown|unexpected|not allowed|not supported|deprecated)\b|^\s*\[[\w:-]+\]/i;

/**
 * The word sequences of a request's pasted output and message lines, lowercased; `all` takes
 * every line (measured as a variant, decision 154).
 */
export function requestPhrases(request: string, all = false): string[][] {
  const chunks: string[] = all ? request.split('\n') : [];
  const rest = request.replace(FENCED, (_, _fence, body: string) => {
    chunks.push(...body.split('\n'));
    return '\n';
  });
  if (!all) {
    for (const [, code] of rest.matchAll(INLINE)) chunks.push(code!);
    for (const [, quoted] of rest.matchAll(QUOTED)) chunks.push(quoted!);
    for (const line of rest.split('\n')) if (MESSAGE_LINE.test(line)) chunks.push(line);
  }
  const phrases: string[][] = [];
  for (const chunk of chunks) {
    for (const piece of chunk.split(/["'`]/)) {
      const words = (piece.match(WORD) ?? []).map((w) => w.toLowerCase());
      if (words.length >= 3) phrases.push(words);
    }
  }
  return phrases;
}

/** Pairs a run needs: three words in a row, one pair is a coincidence. */
const MIN_PAIRS = 2;

/**
 * Files whose literals hold a run of a request phrase's words in order, scored by the run's
 * rarest pairs: the sum of each pair's idf over the best run.
 */
export function messageScores(
  phrases: readonly string[][],
  index: ProjectIndex,
  pairsOf: (at: number) => Uint32Array | undefined,
  keysOf?: (at: number) => Uint32Array | undefined,
): Map<number, number> {
  const scores = new Map<number, number>();
  const seqs = phrases.map((words) => words.slice(1).map((w, i) => pairHash(words[i]!, w)));
  const unique = [...new Set(seqs.flat())];
  if (unique.length === 0) return scores;
  const held = new Map<number, Set<number>>();
  const df = new Map<number, number>();
  let n = 0;
  for (let at = 0; at < index.files.length; at++) {
    const pairs = pairsOf(at);
    if (!pairs || pairs.length === 0) continue;
    n++;
    for (const hash of unique) {
      if (findSorted(pairs, hash) === -1) continue;
      df.set(hash, (df.get(hash) ?? 0) + 1);
      let set = held.get(at);
      if (!set) held.set(at, (set = new Set()));
      set.add(hash);
    }
  }
  const followed = new Map<number, number>();
  for (const [at, set] of held) {
    let best = 0;
    let bestKey = 0;
    const keys = keysOf?.(at);
    const keyOf = (hash: number) => (keys ? keys[findSorted(pairsOf(at)!, hash)]! : 0);
    for (const seq of seqs) {
      let run = 0;
      let sum = 0;
      let key = 0;
      for (const hash of seq) {
        if (set.has(hash)) {
          const k = keyOf(hash);
          key = run === 0 ? k : key === k ? key : 0;
          run++;
          sum += Math.log(1 + n / df.get(hash)!);
          if (run >= MIN_PAIRS && sum > best) {
            best = sum;
            bestKey = key;
          }
        } else {
          run = 0;
          sum = 0;
        }
      }
    }
    if (best <= 0) continue;
    if (bestKey === 0 || !keysOf) {
      scores.set(at, Math.max(scores.get(at) ?? 0, best));
      continue;
    }
    // A message filed under a key (a table of errors) is raised where the key is named.
    const { files } = termPostings(index).of(bestKey);
    for (const other of files) {
      if (other !== at) followed.set(other, Math.max(followed.get(other) ?? 0, best));
    }
  }
  for (const [at, score] of followed) scores.set(at, Math.max(scores.get(at) ?? 0, score));
  return scores;
}

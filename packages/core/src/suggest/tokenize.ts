/**
 * Code-aware terms (decision 095): an identifier gives its parts (`parseArgs`, `parse_args`,
 * `ParseArgs` → `parse`, `args`) and itself whole, lower-cased without `_`/`$`/`-` (all three
 * → `parseargs`), so a request's `parse args`, `parse_args` and `ParseArgs` meet the code.
 */

/** Identifiers of source text: letters, digits, `_` and `$`, starting with no digit. */
const IDENTIFIER = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;
/** Parts of an identifier: `HTTPServer` → HTTP, Server; `v2Api` → v, 2, Api. */
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z\u00C0-\uFFFF]+|[0-9]+/g;
/** Longest identifier taken: longer runs are data (base64, hashes), not names. */
export const MAX_IDENTIFIER = 64;

/** The whole form of an identifier: lower case, without `_`, `$` and `-`. */
export function wholeForm(identifier: string): string {
  return identifier.replace(/[_$-]/g, '').toLowerCase();
}

/** The parts of an identifier, lower case, two characters or more. */
export function identifierParts(identifier: string): string[] {
  const parts: string[] = [];
  for (const match of identifier.matchAll(PART)) {
    const part = match[0].toLowerCase();
    if (part.length >= 2 && !/^\d+$/.test(part)) parts.push(stem(part));
  }
  return parts;
}

/**
 * A light stem: plurals and -ing/-ed on words long enough that cutting leaves a word
 * (`parsers` → `parser`, `handling` → `handl`, `caches` → `cach`). Applied to both sides.
 */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * Term occurrences of a text: every identifier's parts, and its whole form when it has more
 * than one part. `onIdentifier` sees each distinct identifier once (definitions fallback).
 */
export function countTerms(text: string, counts: Map<string, number>): number {
  const seen = new Map<string, string[]>();
  let length = 0;
  for (const match of text.matchAll(IDENTIFIER)) {
    const identifier = match[0];
    if (identifier.length > MAX_IDENTIFIER) continue;
    let terms = seen.get(identifier);
    if (!terms) {
      terms = termsOf(identifier);
      seen.set(identifier, terms);
    }
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    length += terms.length;
  }
  return length;
}

/** The terms one identifier gives: its parts, then its whole form if that is new. */
export function termsOf(identifier: string): string[] {
  const parts = identifierParts(identifier);
  const whole = wholeForm(identifier);
  if (whole.length >= 2 && (parts.length !== 1 || parts[0] !== whole)) parts.push(whole);
  return parts;
}

/**
 * Each term of a text with the word it came from as written, first seen first: a part as
 * the identifier spells it (`updating` for `updat`), a whole form as the identifier
 * (`url_for` for `urlfor`). A term already in `spelled` keeps its spelling.
 */
export function spellTerms(text: string, spelled: Map<string, string>): void {
  for (const match of text.matchAll(IDENTIFIER)) {
    const identifier = match[0];
    if (identifier.length > MAX_IDENTIFIER) continue;
    for (const part of identifier.matchAll(PART)) {
      const lower = part[0].toLowerCase();
      if (lower.length < 2 || /^\d+$/.test(lower)) continue;
      const term = stem(lower);
      if (!spelled.has(term)) spelled.set(term, lower);
    }
    const whole = wholeForm(identifier);
    if (!spelled.has(whole)) spelled.set(whole, identifier);
  }
}

/** FNV-1a, 32 bits: terms are kept as numbers so an index of 25,000 files stays small. */
export function termHash(term: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The words of a path: each folder and the file name split like identifiers, plus each
 * segment whole (`src/ssrTransform.ts` → src, ssr, transform, ssrtransform, ts).
 */
export function pathWords(path: string): { folders: string[]; name: string[] } {
  const segments = path.split('/');
  const file = segments.pop() ?? path;
  const dot = file.indexOf('.', 1);
  const stemName = dot === -1 ? file : file.slice(0, dot);
  const wordsOf = (segment: string) => {
    const words = new Set<string>();
    for (const piece of segment.split(/[^A-Za-z0-9_$\u00C0-\uFFFF]+/)) {
      if (!piece) continue;
      for (const term of termsOf(piece)) words.add(term);
    }
    const whole = wholeForm(segment.replace(/\.[^.]*$/, ''));
    if (whole.length >= 2) words.add(whole);
    return [...words];
  };
  return { folders: [...new Set(segments.flatMap(wordsOf))], name: wordsOf(stemName) };
}

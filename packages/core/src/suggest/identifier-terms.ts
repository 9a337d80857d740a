/**
 * An identifier's terms read by hand from its character codes, as tokenize.ts's termsOf reads
 * them from a string: the index's scan meets every identifier of a project once, and a string
 * and a regular expression per identifier were much of a first build's time.
 */

const isUpper = (code: number) => code >= 65 && code <= 90;
/** PART's `[a-z\u00C0-\uFFFF]`: a lower-case letter, or any character from U+00C0 on. */
const isLower = (code: number) => (code >= 97 && code <= 122) || code >= 0xc0;
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The lower case of each character from U+00C0 on, where toLowerCase gives one character
 * for it alone and the same within any word: all but U+0130 (two characters), U+03A3
 * (final sigma) and the surrogates (whose pairs are cased as one), which termsOf reads.
 * Filled the first time an identifier needs it.
 */
let unicodeLower: Uint16Array | null = null;
function lowerOf(code: number): number {
  if (code < 0x80) return isUpper(code) ? code | 0x20 : code;
  if (!unicodeLower) {
    unicodeLower = new Uint16Array(0x10000);
    for (let c = 0xc0; c < 0x10000; c++) {
      unicodeLower[c] = String.fromCharCode(c).toLowerCase().charCodeAt(0);
    }
  }
  return unicodeLower[code]!;
}

/**
 * termsOf for an identifier at pool[at, at + length) (of no character that termsOf alone
 * reads): its terms' FNV-1a hashes (tokenize.ts's termHash) written to `out`, their number
 * returned. The same
 * rules read by hand, without a string or a regular expression per identifier (the cost of a
 * first pass over a project, whose identifiers are all new): PART's three forms (an upper-case
 * run not followed by a lower-case ASCII letter, one upper-case letter or none and a
 * lower-case run, a digit run), digits-only parts left out, parts lower-cased and stemmed,
 * then the whole form.
 */
export function identifierTermHashes(
  pool: Uint16Array,
  at: number,
  length: number,
  out: Uint32Array,
): number {
  const end = at + length;
  let count = 0;
  let onlyFrom = 0;
  let onlyLength = 0;
  let i = at;
  while (i < end) {
    const code = pool[i]!;
    let partEnd: number;
    if (isUpper(code)) {
      let j = i + 1;
      while (j < end && isUpper(pool[j]!)) j++;
      const next = j < end ? pool[j]! : 0;
      if (next < 97 || next > 122) partEnd = j;
      else if (j - i >= 2) partEnd = j - 1;
      else {
        while (j < end && isLower(pool[j]!)) j++;
        partEnd = j;
      }
    } else if (isLower(code)) {
      let j = i + 1;
      while (j < end && isLower(pool[j]!)) j++;
      partEnd = j;
    } else if (isDigit(code)) {
      let j = i + 1;
      while (j < end && isDigit(pool[j]!)) j++;
      i = j;
      continue;
    } else {
      i++;
      continue;
    }
    const partLength = partEnd - i;
    if (partLength >= 2) {
      const kept = partLength - stemCut(pool, i, partLength);
      let hash = 0x811c9dc5;
      for (let c = i; c < i + kept; c++) hash = Math.imul(hash ^ lowerOf(pool[c]!), 0x01000193);
      out[count++] = hash >>> 0;
      onlyFrom = i;
      onlyLength = kept;
    }
    i = partEnd;
  }
  // The whole form: lower case, without `_` and `$`; a term unless it is the only part.
  let hash = 0x811c9dc5;
  let wholeLength = 0;
  let same = count === 1;
  for (let c = at; c < end; c++) {
    const code = pool[c]!;
    if (code === 95 || code === 36) continue;
    const folded = lowerOf(code);
    hash = Math.imul(hash ^ folded, 0x01000193);
    if (same && (wholeLength >= onlyLength || lowerOf(pool[onlyFrom + wholeLength]!) !== folded)) {
      same = false;
    }
    wholeLength++;
  }
  if (same && wholeLength !== onlyLength) same = false;
  if (wholeLength >= 2 && !same) out[count++] = hash >>> 0;
  return count;
}

/** tokenize.ts's stem of the lower-cased letters at pool[at, at + length): how many it cuts. */
function stemCut(pool: Uint16Array, at: number, length: number): number {
  const last = lowerOf(pool[at + length - 1]!);
  const before = lowerOf(pool[at + length - 2]!);
  if (length > 5 && last === 103 && before === 110 && lowerOf(pool[at + length - 3]!) === 105) {
    return 3;
  }
  if (length > 4 && last === 100 && before === 101) return 2;
  if (length > 4 && last === 115 && before === 101) return 2;
  if (length > 3 && last === 115 && before !== 115) return 1;
  return 0;
}

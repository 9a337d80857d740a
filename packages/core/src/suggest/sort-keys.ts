// The sort of a text's term keys in the index's scan (term-hash-counts.ts).

/**
 * Sorts keys[from, to) ascending (distinct keys, as the text's are): a quicksort down to runs
 * of 24, each sorted by insertion. A text has a few dozen terms (a median of 28 in the large
 * corpus): the typed array's own sort, called on a subarray per text, cost more in its call
 * than in its comparisons.
 */
export function sortKeys(keys: Float64Array, from: number, to: number): void {
  while (to - from > 24) {
    const a = keys[from]!;
    const b = keys[(from + to) >> 1]!;
    const c = keys[to - 1]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = from;
    let j = to - 1;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i++] = keys[j]!;
        keys[j--] = swap;
      }
    }
    // The smaller side by recursion, the larger by the loop: a depth of log2 of the keys.
    if (j + 1 - from < to - i) {
      sortKeys(keys, from, j + 1);
      from = i;
    } else {
      sortKeys(keys, i, to);
      to = j + 1;
    }
  }
  for (let i = from + 1; i < to; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= from && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
}

/**
 * A small deterministic generator (xorshift32) for generated test cases, so a failing case
 * can be replayed from its seed.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
export type SeededRandom = ReturnType<typeof seededRandom>;

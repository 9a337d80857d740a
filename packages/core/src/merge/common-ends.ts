/**
 * How many lines two texts share at their start (`head`) and then at their end (`tail`),
 * the tail never reaching into the head: what is left between them is all that differs, so
 * a costlier diff or a conflict need only look at that middle.
 */
export function commonEnds(
  a: readonly string[],
  b: readonly string[],
): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  return { head, tail };
}

/** A copy of `array` with room for at least `size` items (twice its length, or more). */
export function grown<T extends Int32Array | Uint32Array | Uint16Array>(array: T, size: number): T {
  let length = array.length * 2;
  while (length < size) length *= 2;
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}

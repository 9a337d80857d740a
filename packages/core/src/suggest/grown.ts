type Grown = Int32Array | Uint32Array | Uint16Array | Float64Array;

/** A copy of `array` with room for at least `size` items (twice its length, or more). */
export function grown<T extends Grown>(array: T, size: number): T {
  let length = array.length * 2;
  while (length < size) length *= 2;
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}

/**
 * `array`, or grown's copy when it has room for fewer than `size` items. The scan calls this
 * on every add rather than `grown` behind its own test: a call the compiled scan meets for the
 * first time (an array full after the compile) throws that code away and compiles the scan
 * again, while this function's call of `grown` is met below, at load, for each kind of array.
 */
export function roomFor<T extends Grown>(array: T, size: number): T {
  return size <= array.length ? array : grown(array, size);
}

for (let i = 0; i < 16; i++) {
  roomFor(new Int32Array(1), 2);
  roomFor(new Uint32Array(1), 2);
  roomFor(new Uint16Array(1), 2);
  roomFor(new Int32Array(1), 1);
  roomFor(new Uint32Array(1), 1);
  roomFor(new Uint16Array(1), 1);
  roomFor(new Float64Array(1), 2);
  roomFor(new Float64Array(1), 1);
}

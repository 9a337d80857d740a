/**
 * cyrb53: a fast 53-bit non-cryptographic string hash, combined with the length into the
 * cache key so a collision would also need the same length.
 */
export function hashText(text: string): string {
  return continueTextHash({ h1: 0xdeadbeef, h2: 0x41c6ce57, length: 0 }, text);
}

/** cyrb53's two states after the first `length` characters of a text. */
export interface TextHashState {
  h1: number;
  h2: number;
  length: number;
}

/**
 * hashText(text) of a `text` whose first `state.length` characters were already hashed into
 * `state` (by the index's term scan): the loop goes on from there.
 */
export function continueTextHash(state: TextHashState, text: string): string {
  let { h1, h2 } = state;
  for (let i = state.length; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  return finishHash(h1, h2, text.length);
}

/** cyrb53's last mixing of its two states, and the text's length beside it. */
export function finishHash(h1: number, h2: number, length: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(36)}:${length.toString(36)}`;
}

import { JSON_DEPTH_MAX } from '../limits';

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deep a JSON text nests, followed byte by byte as it arrives (decision 093): one pass,
 * constant work per byte, state kept across chunks. Brackets inside strings do not count;
 * UTF-8 continuation bytes are all ≥ 0x80, so they never look like one. `push` answers false
 * once the text nests deeper than `max`: the rest need not be read.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max = JSON_DEPTH_MAX) {}

  push(chunk: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    const max = this.max;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) {
          this.depth = depth;
          return false;
        }
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

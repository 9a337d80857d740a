/** The bytes gathered in one chunk before the next is started. */
const CHUNK_BYTES = 1 << 20;

/**
 * A prompt kept as UTF-8 bytes as its texts come, in chunks outside the JavaScript heap: the
 * texts themselves can then be collected young, instead of being copied by every collection
 * until the prompt is joined, and the prompt is written without a joined copy (twice the
 * prompt's size once one text holds a character beyond Latin-1).
 */
export class PromptBytes {
  private readonly chunks: Uint8Array[] = [];
  private chunk: Buffer | null = null;
  private used = 0;

  /** Appends `text` (a whole text of the prompt: its surrogate pairs are not split). */
  write(text: string): void {
    if (text === '') return;
    // A UTF-16 code unit is at most three bytes of UTF-8 (a pair of them, four).
    const room = this.chunk ? this.chunk.length - this.used : 0;
    if (text.length * 3 > room) {
      const size = Buffer.byteLength(text, 'utf8');
      if (size > room) {
        this.close();
        if (size > CHUNK_BYTES) {
          this.chunks.push(Buffer.from(text, 'utf8'));
          return;
        }
        this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      }
    }
    this.used += this.chunk!.write(text, this.used, 'utf8');
  }

  /** The bytes written so far, in order. */
  bytes(): readonly Uint8Array[] {
    this.close();
    return this.chunks;
  }

  /** Ends the current chunk where its bytes end. */
  private close(): void {
    if (this.chunk && this.used > 0) this.chunks.push(this.chunk.subarray(0, this.used));
    this.chunk = null;
    this.used = 0;
  }
}

/** `texts` as UTF-8 bytes, in chunks (what PromptBytes would hold had they been written to it). */
export function bytesOf(texts: readonly string[]): readonly Uint8Array[] {
  const sink = new PromptBytes();
  for (const text of texts) sink.write(text);
  return sink.bytes();
}

import { isSpace } from './ascii-space';

/**
 * Re-cuts prompt segments so that every cut falls between a '\n' and a visible character.
 * The cl100k pre-tokenizer always splits there (no regex piece spans a newline followed by
 * a visible character), so the token counts of the pieces add up to the count of the whole
 * prompt — and each piece can be counted, cached and sent to a worker on its own.
 * Streaming: push segments as they come, take the pieces that are final.
 */
export class TokenSafeSplitter {
  private pending = '';

  push(segment: string): string[] {
    if (segment === '') return [];
    let start = 0;
    while (start < segment.length && isSpace(segment.charCodeAt(start))) start++;
    this.pending += start === 0 ? '' : segment.slice(0, start);
    if (start === segment.length) return [];
    const rest = start === 0 ? segment : segment.slice(start);
    if (this.pending === '' || this.pending.endsWith('\n')) {
      const done = this.pending;
      this.pending = rest;
      return done === '' ? [] : [done];
    }
    this.pending += rest;
    return [];
  }

  flush(): string[] {
    const done = this.pending;
    this.pending = '';
    return done === '' ? [] : [done];
  }
}

export function tokenSafePieces(segments: readonly string[]): string[] {
  const splitter = new TokenSafeSplitter();
  const pieces = segments.flatMap((segment) => splitter.push(segment));
  return [...pieces, ...splitter.flush()];
}

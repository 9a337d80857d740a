import { TOKEN_CACHE_MAX_ENTRIES } from '../limits';
import { hashText } from './text-hash';

/**
 * Token counts keyed by a hash of the text, so re-counting a project only tokenizes what
 * changed, whatever the file's path or mtime. Bounded: the oldest entries go first.
 */
export class TokenCountCache {
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES) {}

  get size(): number {
    return this.counts.size;
  }

  key(text: string): string {
    return hashText(text);
  }

  get(key: string): number | undefined {
    return this.counts.get(key);
  }

  set(key: string, count: number): void {
    if (this.counts.size >= this.maxEntries && !this.counts.has(key)) {
      const oldest = this.counts.keys().next();
      if (!oldest.done) this.counts.delete(oldest.value);
    }
    this.counts.set(key, count);
  }

  clear(): void {
    this.counts.clear();
  }
}

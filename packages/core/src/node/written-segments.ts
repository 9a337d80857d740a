import type { PromptSegment } from '../prompt/prompt-types';
import type { PromptBytes } from './prompt-bytes';

/**
 * What a pack writes, taken as its segments stream past on their way to the counter: the
 * prompt's text (kept as parts, or as bytes in a PromptBytes sink, which spares the heap
 * when the caller only writes the prompt out), the files written in order and the last one.
 */
export class WrittenSegments {
  readonly parts: string[] = [];
  readonly files: string[] = [];
  lastFile: PromptSegment | null = null;

  constructor(
    private readonly sink: PromptBytes | null,
    /** Called after each file written, with how many have been. */
    private readonly onFile?: (written: number) => void,
  ) {}

  /** `batches`, unchanged, noting each segment on the way. */
  async *through(batches: AsyncIterable<PromptSegment[]>): AsyncGenerator<PromptSegment[]> {
    for await (const batch of batches) {
      for (const segment of batch) {
        if (this.sink) this.sink.write(segment.text);
        else this.parts.push(segment.text);
        if (segment.kind === 'file') {
          this.files.push(segment.path!);
          this.lastFile = segment;
          this.onFile?.(this.files.length);
        }
      }
      yield batch;
    }
  }
}

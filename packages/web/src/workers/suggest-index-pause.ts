/**
 * The index worker's way to give a typed key the machine's cores (decision 128): the page
 * reports each key it is typed while a build runs (`typing`), and the build, which looks at
 * its messages every SLICE_MS of indexing, stops indexing for KEY_PAUSE_MS after the report.
 * The worker's thread is one of the threads a key's frame waits on when the cores are few;
 * the files keep reading meanwhile (the browser reads them, not this thread).
 */
import { nextTurn } from '#web/lib/next-turn.ts';

/** Indexing between two looks at the worker's messages (a key's report among them). */
const SLICE_MS = 6;
/** Indexing stops this long after a key's report: the key's handlers and frame, at 60 Hz. */
export const KEY_PAUSE_MS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class KeyPause {
  private until = 0;
  private sliceStart: number;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly turn: () => Promise<void> = nextTurn,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {
    this.sliceStart = now();
  }

  /** The page reported a typed key. */
  keyTyped(): void {
    this.until = this.now() + KEY_PAUSE_MS;
  }

  /**
   * Called between files: nothing within a slice (the caller goes on in the same task);
   * at a slice's end, one turn of the event loop, then a wait while a key's pause lasts.
   */
  between(): Promise<void> | undefined {
    if (this.now() - this.sliceStart < SLICE_MS) return undefined;
    return this.giveWay();
  }

  private async giveWay(): Promise<void> {
    await this.turn();
    for (let left = this.until - this.now(); left > 0; left = this.until - this.now()) {
      await this.wait(left);
    }
    this.sliceStart = this.now();
  }
}

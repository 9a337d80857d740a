/**
 * The index worker's way to give a typed key the machine's cores (decisions 128, 133): the
 * page reports each key typed while a build runs (`typing`) and, once the frame that draws it
 * has been handed on (the next frame begins), that too (`drawn`). The build, which looks at
 * its messages every SLICE_MS of indexing, stops indexing from a key's report until its
 * frame's, KEY_DRAWN_TAIL_MS more, and at most KEY_PAUSE_MAX_MS. The worker's thread is one of
 * the threads a key's frame waits on when the cores are few (the page's, the compositor's,
 * the GPU's); a fixed pause was too short on a loaded machine and longer than needed on a
 * quiet one. The files keep reading meanwhile (the browser reads them, not this thread).
 * The pause slows only a build typed through, which is not the build the 1.5 × target is
 * read from (decision 232).
 */
import { nextTurn } from '#web/lib/next-turn.ts';

/** Indexing between two looks at the worker's messages (a key's report among them). */
const SLICE_MS = 6;
/**
 * The longest a key holds indexing when its frame's report does not come (a hidden page
 * draws none): three frames at 60 Hz, what a key's frame takes on two loaded cores.
 */
export const KEY_PAUSE_MAX_MS = 48;
/** After the page's report, what is left of showing the frame (the GPU's part). */
export const KEY_DRAWN_TAIL_MS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class KeyPause {
  private until = 0;
  private sliceStart: number;
  /** The last key reported: an earlier key's frame does not end a later key's pause. */
  private lastKey = 0;
  /** Ends the current wait early (the last key's frame is drawn). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly turn: () => Promise<void> = nextTurn,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {
    this.sliceStart = now();
  }

  /** The page reported a typed key (numbered in the order typed). */
  keyTyped(key: number): void {
    this.lastKey = key;
    this.until = this.now() + KEY_PAUSE_MAX_MS;
  }

  /** The page reported that `key`'s frame is drawn. */
  keyDrawn(key: number): void {
    if (key !== this.lastKey) return;
    this.until = Math.min(this.until, this.now() + KEY_DRAWN_TAIL_MS);
    this.wake?.();
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
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      await Promise.race([this.wait(left), woken]);
      this.wake = null;
    }
    this.sliceStart = this.now();
  }
}

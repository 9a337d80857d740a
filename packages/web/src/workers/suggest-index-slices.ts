/**
 * The index worker's indexing in slices: between two files it goes on in the same task until
 * SLICE_MS have passed, then takes one turn of its event loop, so that the page's messages (a
 * group handed over, a ranking asked for) are taken during a build. It does not stop for keys
 * typed in the page: that pause cost a build typed through about 0.3 s for 2–3 ms of the keys'
 * own p95 (decisions 225, 227).
 */
import { nextTurn } from '#web/lib/next-turn.ts';

/** Indexing between two looks at the worker's messages. */
const SLICE_MS = 6;

export class IndexSlices {
  private sliceStart: number;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly turn: () => Promise<void> = nextTurn,
  ) {
    this.sliceStart = now();
  }

  /** Called between files: nothing within a slice, one turn of the event loop at its end. */
  between(): Promise<void> | undefined {
    if (this.now() - this.sliceStart < SLICE_MS) return undefined;
    return this.turn().then(() => {
      this.sliceStart = this.now();
    });
  }
}

import type { Output } from './output';

const WIDTH = 24;
const FRAME_MS = 80;

/** A one-line bar redrawn in place on stderr; nothing at all when stderr is not a terminal. */
export function createProgress(output: Output): {
  update: (done: number, total: number) => void;
  done: () => void;
} {
  if (!output.stream.isTTY) return { update: () => {}, done: () => {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < FRAME_MS && done < total) return;
      last = now;
      const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
      output.stream.write(`\r${output.paint('cyan', bar)} ${done}/${total} files`);
      drawn = true;
    },
    done() {
      if (drawn) output.stream.write('\r\u001b[2K');
    },
  };
}

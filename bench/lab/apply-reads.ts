// The reads of bench/apply-browser.ts in a Chromium trace, for the apply labs: each read's
// window (its click to the frame that shows the review, the bench's `apply-bench:*` marks), the
// main thread's spans and CPU samples, a task's lines, and the labs' command line.
import { readFile } from 'node:fs/promises';
import { type Sample, type Span, type TraceEvent, samples, spans } from './trace-events';

export const ms = (us: number) => (us / 1000).toFixed(1);

interface ApplyReads {
  /** Each read's click and the frame that shows its review, µs. */
  reads: { click: number; end: number }[];
  all: Span[];
  cpu: Sample[];
  /** The trace's marks of a name, in time order. */
  marks: (name: string) => TraceEvent[];
}

/** The bench's reads in a trace, or null when it holds no click mark. */
export function applyReads(events: TraceEvent[]): ApplyReads | null {
  const marks = (name: string) => events.filter((e) => e.name === name).sort((a, b) => a.ts - b.ts);
  const clicks = marks('apply-bench:click');
  const shown = marks('apply-bench:shown');
  if (clicks.length === 0) return null;
  const { pid, tid } = clicks[0]!;
  return {
    reads: clicks.map(({ ts }) => ({
      click: ts,
      end: shown.find((e) => e.ts > ts)?.ts ?? ts + 60e6,
    })),
    all: spans(events.filter((e) => e.pid === pid && e.tid === tid)),
    cpu: samples(events, pid, tid),
    marks,
  };
}

/** A task's two lines: when it began after the click, its length and inner events; its samples. */
export const taskLines = (task: Span, click: number, inner: string[], samples: string) => [
  `  +${ms(task.ts - click)} ${ms(task.end - task.ts)} ms: ${inner.join(', ') || task.name}`,
  `      ${samples}`,
];

/** `node --import tsx bench/lab/<lab>.ts <trace.json> [min ms]`: the lab's lines, printed. */
export async function printLab(
  lab: string,
  linesOf: (events: TraceEvent[], minMs: number) => string[],
  defaultMinMs: number,
) {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error(`usage: ${lab} <trace.json> [min ms]`);
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(linesOf(events, Number(min ?? defaultMinMs)).join('\n'));
}

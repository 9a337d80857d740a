// Every main-thread task of 10 ms or more while "Read answer" runs, from a Chromium trace of
// bench/apply-browser.ts (`BENCH_TRACE=<file>`, with BENCH_PROFILE=1 for an unminified build):
// `node --import tsx bench/lab/apply-tasks.ts <file> [min ms]`. Each read's window runs from
// the click to the frame that shows the review (the bench's `apply-bench:*` marks); each task
// is listed with its largest inner events and the app's functions the CPU samples found in it.
// The tracer slows the page: compare tasks within one trace, or traces taken alike.
// `APPLY_TASKS_AFTER_MS=<ms>` runs each window on for that long after the review shows.
import { applyReads, ms, printLab, taskLines } from './apply-reads';
import { innerEvents, sampledTime, type TraceEvent } from './trace-events';

/** A sample's own function: its first frame that is not the browser's. */
const leafFrame = (stack: string[]) => [stack.find((f) => !f.startsWith('(')) ?? stack[0] ?? '?'];

/** The tasks of `minMs` and more in each read's window, one line each with its inner work. */
export function readTasks(events: TraceEvent[], minMs = 10): string[] {
  const trace = applyReads(events);
  if (!trace) return ['no apply-bench:click mark in the trace'];
  const { all, cpu } = trace;
  const lines: string[] = [];
  const afterUs = Number(process.env.APPLY_TASKS_AFTER_MS ?? 0) * 1000;
  trace.reads.forEach(({ click, end: shown }, k) => {
    const end = shown + afterUs;
    const tasks = all.filter(
      (s) => s.depth === 0 && s.end > click && s.ts < end && s.end - s.ts >= minMs * 1000,
    );
    const busy = all
      .filter((s) => s.depth === 0 && s.end > click && s.ts < end)
      .reduce((sum, s) => sum + Math.min(s.end, end) - Math.max(s.ts, click), 0);
    lines.push(
      `read ${k + 1}: ${ms(end - click)} ms click → shown, main thread busy ${ms(busy)} ms, ${tasks.length} tasks ≥ ${minMs} ms`,
    );
    for (const task of tasks) {
      const inner = innerEvents(all, task, { maxDepth: 3, minUs: 2000, count: 5 });
      const hot = sampledTime(cpu, task, leafFrame, 4);
      lines.push(...taskLines(task, click, inner, `samples: ${hot.join('; ') || '-'}`));
    }
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) await printLab('apply-tasks.ts', readTasks, 10);

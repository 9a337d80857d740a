// The main-thread tasks from the plan taken to the review shown, from a Chromium trace of
// bench/apply-browser.ts (`BENCH_TRACE=<file>`, BENCH_PROFILE=1 for an unminified build):
// `node --import tsx bench/lab/apply-plan-tasks.ts <file> [min ms]`. A line per task of
// `min ms` and more (1 unless told) after each read's `apply:planned` mark, with its largest
// inner events and the React components and app functions its CPU samples found (inclusive),
// so that the store's update (the footer, the announcer) is told from the deferred render's
// slices and the frame.
import { applyReads, ms, printLab, taskLines } from './apply-reads';
import { innerEvents, sampledTime, type TraceEvent } from './trace-events';

/** Frames of the app's own bundles (not React's, not the browser's). */
const APP = /workspace-|answer-input-/;

/** A stack's app functions and the browser's own entries (`(garbage collector)`…), by name. */
const appFrames = (stack: string[]) =>
  stack
    .map((frame) => (APP.test(frame) ? frame.split(' ')[0]! : frame.startsWith('(') ? frame : ''))
    .filter(Boolean);

export function planTasks(events: TraceEvent[], minMs = 1): string[] {
  const trace = applyReads(events);
  if (!trace) return ['no apply-bench:click mark in the trace'];
  const { all, cpu } = trace;
  const planned = trace.marks('apply:planned');
  const lines: string[] = [];
  trace.reads.forEach(({ click, end }, k) => {
    const from = planned.find((e) => e.ts > click && e.ts < end)?.ts ?? click;
    lines.push(`read ${k + 1}: planned +${ms(from - click)}, shown +${ms(end - click)}`);
    const tasks = all.filter(
      (s) => s.depth === 0 && s.end > from && s.ts < end && s.end - s.ts >= minMs * 1000,
    );
    for (const task of tasks) {
      const inner = innerEvents(all, task, { maxDepth: 4, minUs: 500, count: 6 });
      const hot = sampledTime(cpu, task, appFrames, 8);
      lines.push(...taskLines(task, click, inner, `app: ${hot.join('; ') || '-'}`));
    }
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) await printLab('apply-plan-tasks.ts', planTasks, 1);

// The main-thread tasks from the plan taken to the review shown, from a Chromium trace of
// bench/apply-browser.ts (`BENCH_TRACE=<file>`, BENCH_PROFILE=1 for an unminified build):
// `node --import tsx bench/lab/apply-plan-tasks.ts <file> [min ms]`. A line per task of
// `min ms` and more (1 unless told) after each read's `apply:planned` mark, with its largest
// inner events and the React components and app functions its CPU samples found (inclusive),
// so that the store's update (the footer, the announcer) is told from the deferred render's
// slices and the frame.
import { readFile } from 'node:fs/promises';
import { innerEvents, sampledTime, samples, spans, type TraceEvent } from './trace-events';

const ms = (us: number) => (us / 1000).toFixed(1);

/** Frames of the app's own bundles (not React's, not the browser's). */
const APP = /workspace-|answer-input-/;

/** A stack's app functions and the browser's own entries (`(garbage collector)`…), by name. */
const appFrames = (stack: string[]) =>
  stack
    .map((frame) => (APP.test(frame) ? frame.split(' ')[0]! : frame.startsWith('(') ? frame : ''))
    .filter(Boolean);

export function planTasks(events: TraceEvent[], minMs = 1): string[] {
  const at = (name: string) => events.filter((e) => e.name === name).sort((a, b) => a.ts - b.ts);
  const clicks = at('apply-bench:click');
  const shown = at('apply-bench:shown');
  const planned = at('apply:planned');
  if (clicks.length === 0) return ['no apply-bench:click mark in the trace'];
  const { pid, tid } = clicks[0]!;
  const all = spans(events.filter((e) => e.pid === pid && e.tid === tid));
  const cpu = samples(events, pid, tid);
  const lines: string[] = [];
  clicks.forEach((click, k) => {
    const end = shown.find((e) => e.ts > click.ts)?.ts ?? click.ts + 60e6;
    const from = planned.find((e) => e.ts > click.ts && e.ts < end)?.ts ?? click.ts;
    lines.push(`read ${k + 1}: planned +${ms(from - click.ts)}, shown +${ms(end - click.ts)}`);
    const tasks = all.filter(
      (s) => s.depth === 0 && s.end > from && s.ts < end && s.end - s.ts >= minMs * 1000,
    );
    for (const task of tasks) {
      const inner = innerEvents(all, task, { maxDepth: 4, minUs: 500, count: 6 });
      const hot = sampledTime(cpu, task, appFrames, 8);
      lines.push(
        `  +${ms(task.ts - click.ts)} ${ms(task.end - task.ts)} ms: ${inner.join(', ') || task.name}`,
        `      app: ${hot.join('; ') || '-'}`,
      );
    }
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: apply-plan-tasks.ts <trace.json> [min ms]');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(planTasks(events, Number(min ?? 1)).join('\n'));
}

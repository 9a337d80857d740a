// Every main-thread task of 10 ms or more while "Read answer" runs, from a Chromium trace of
// bench/apply-browser.ts (`BENCH_TRACE=<file>`, with BENCH_PROFILE=1 for an unminified build):
// `node --import tsx bench/lab/apply-tasks.ts <file> [min ms]`. Each read's window runs from
// the click to the frame that shows the review (the bench's `apply-bench:*` marks); each task
// is listed with its largest inner events and the app's functions the CPU samples found in it.
// The tracer slows the page: compare tasks within one trace, or traces taken alike.
import { readFile } from 'node:fs/promises';
import { innerEvents, sampledTime, samples, spans, type TraceEvent } from './trace-events';

const ms = (us: number) => (us / 1000).toFixed(1);

/** A sample's own function: its first frame that is not the browser's. */
const leafFrame = (stack: string[]) => [stack.find((f) => !f.startsWith('(')) ?? stack[0] ?? '?'];

/** The tasks of `minMs` and more in each read's window, one line each with its inner work. */
export function readTasks(events: TraceEvent[], minMs = 10): string[] {
  const clicks = events.filter((e) => e.name === 'apply-bench:click').sort((a, b) => a.ts - b.ts);
  const shown = events.filter((e) => e.name === 'apply-bench:shown').sort((a, b) => a.ts - b.ts);
  if (clicks.length === 0) return ['no apply-bench:click mark in the trace'];
  const { pid, tid } = clicks[0]!;
  const all = spans(events.filter((e) => e.pid === pid && e.tid === tid));
  const cpu = samples(events, pid, tid);
  const lines: string[] = [];
  clicks.forEach((click, k) => {
    const end = shown.find((e) => e.ts > click.ts)?.ts ?? click.ts + 60e6;
    const tasks = all.filter(
      (s) => s.depth === 0 && s.end > click.ts && s.ts < end && s.end - s.ts >= minMs * 1000,
    );
    const busy = all
      .filter((s) => s.depth === 0 && s.end > click.ts && s.ts < end)
      .reduce((sum, s) => sum + Math.min(s.end, end) - Math.max(s.ts, click.ts), 0);
    lines.push(
      `read ${k + 1}: ${ms(end - click.ts)} ms click → shown, main thread busy ${ms(busy)} ms, ${tasks.length} tasks ≥ ${minMs} ms`,
    );
    for (const task of tasks) {
      const inner = innerEvents(all, task, { maxDepth: 3, minUs: 2000, count: 5 });
      const hot = sampledTime(cpu, task, leafFrame, 4);
      lines.push(
        `  +${ms(task.ts - click.ts)} ${ms(task.end - task.ts)} ms: ${inner.join(', ') || task.name}`,
        `      samples: ${hot.join('; ') || '-'}`,
      );
    }
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: apply-tasks.ts <trace.json> [min ms]');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(readTasks(events, Number(min ?? 10)).join('\n'));
}

// The page's main-thread tasks of more than LONG_MS in a Chromium trace, one by one, each
// with what it ran: its direct children (a message, an event, a timer, an IndexedDB
// continuation, with the function called) and the functions its CPU samples fell in, by self
// time and by the app's own functions inclusive. The tracer slows the page: read the causes,
// not the milliseconds.
import { add, round, samples, spans, top, type TraceEvent } from '../lab/trace-events';

const LONG_MS = 10;

/** The renderer's main thread (the page's) in a trace of one page. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const named = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // Several renderers (the page, a worker's process): the one with the most complete events.
  let best: { pid: number; tid: number; count: number } | null = null;
  for (const { pid, tid } of named) {
    const count = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X').length;
    if (!best || count > best.count) best = { pid, tid, count };
  }
  return best;
}

/** One line per main-thread task longer than LONG_MS, then the causes summed over them. */
export function longTaskLines(events: TraceEvent[]): string[] {
  const thread = mainThread(events);
  if (!thread) return ['  no renderer main thread in the trace'];
  const mine = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const all = spans(mine);
  const cpu = samples(events, thread.pid, thread.tid);
  // A task is the thread's outermost span (RunTask, or the scheduler's own wrapper).
  const tasks = all.filter((s) => s.depth === 0 && s.end - s.ts > LONG_MS * 1000);
  const wrapper = /^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/;
  const first = all[0]?.ts ?? 0;
  const byCause = new Map<string, number>();
  const countByCause = new Map<string, number>();
  const lines: string[] = [];
  let sample = 0;
  for (const task of tasks) {
    // What the task ran: its outermost spans that are not a wrapper of the task itself.
    const inside = all.filter(
      (s) =>
        s.depth > 0 &&
        s.ts >= task.ts &&
        s.end <= task.end &&
        s.end - s.ts >= 1000 &&
        !wrapper.test(s.name),
    );
    const depth = Math.min(...inside.map((s) => s.depth));
    const children = inside.filter((s) => s.depth === depth);
    const what = children
      .slice(0, 4)
      .map((s) => `${s.name}${s.detail ? `(${s.detail.trim()})` : ''} ${round(s.end - s.ts)}`)
      .join(', ');
    const self = new Map<string, number>();
    const app = new Map<string, number>();
    while (sample < cpu.length && cpu[sample]!.ts < task.ts) sample++;
    let previous = task.ts;
    for (let i = sample; i < cpu.length && cpu[i]!.ts < task.end; i++) {
      const us = cpu[i]!.ts - previous;
      previous = cpu[i]!.ts;
      const leaf = cpu[i]!.stack[0] ?? '?';
      if (leaf === '(idle)') continue;
      add(self, leaf, us);
      // Every function of a script file the sample is in, once: entry points and callees.
      for (const frame of new Set(cpu[i]!.stack))
        if (/\.(js|mjs)$/.test(frame)) add(app, frame, us);
    }
    const cause = children[0] ? `${children[0].name}(${children[0].detail.trim()})` : '(task)';
    add(byCause, cause, task.end - task.ts);
    add(countByCause, cause, 1);
    lines.push(
      `    +${round(task.ts - first)} ms: ${round(task.end - task.ts)} ms [${what}]`,
      `      self: ${top(self, 5)}`,
      `      inclusive: ${top(app, 8)}`,
    );
  }
  return [
    `  page main-thread tasks > ${LONG_MS} ms in the trace: ${tasks.length}, ${round(tasks.reduce((s, t) => s + t.end - t.ts, 0))} ms; by first child:`,
    ...[...byCause]
      .sort((a, b) => b[1] - a[1])
      .map(([cause, us]) => `    ${round(us)} ms in ${countByCause.get(cause)} × ${cause}`),
    ...lines,
  ];
}

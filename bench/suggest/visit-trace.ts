// A browser-wide trace of an index build read back (bench/suggest-index.ts's BENCH_TRACE_SECOND,
// lab/second-visit.ts): its span from the page's open mark to its ready mark, every thread's
// busy time inside it, and the page's and the index worker's tasks from 2 s before the open
// with what their CPU samples ran.
import { round, samples, spans, type TraceEvent } from '../lab/trace-events';

/** The visit's span on the trace's clock, and what each thread did inside it. */
export function visitTrace(events: TraceEvent[]): string[] {
  const marks = events
    .filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('promptloom:'))
    .sort((a, b) => a.ts - b.ts);
  const open = marks.filter((e) => e.name === 'promptloom:suggest-index-open').at(-1);
  const ready = marks.filter((e) => e.name === 'promptloom:suggest-index-ready').at(-1);
  if (!open || !ready) return ['  (no open or ready mark in the trace)'];
  const from = open.ts;
  const to = ready.ts;
  const at = (ts: number) => `${round(ts - from)}`;
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args!.name!);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e);
  }
  const out = [
    `  span ${round(to - from)} ms; marks: ${marks
      .filter((e) => e.ts >= from - 5e6 && e.ts <= to + 1e6)
      .map((e) => `${e.name.replace('promptloom:suggest-index-', '')}@${at(e.ts)}`)
      .join(' ')}`,
  ];
  const busy: [string, number][] = [];
  for (const [key, list] of byThread) {
    let us = 0;
    for (const s of spans(list))
      if (s.depth === 0) us += Math.max(0, Math.min(s.end, to) - Math.max(s.ts, from));
    if (us > 10_000) busy.push([`${names.get(key) ?? '?'} ${key}`, us]);
  }
  out.push(
    `  threads busy in the span (ms): ${busy
      .sort((a, b) => b[1] - a[1])
      .map(([n, us]) => `${n} ${round(us)}`)
      .join('; ')}`,
  );
  for (const [key, name] of names) {
    if (name !== 'CrRendererMain' && !name.startsWith('DedicatedWorker')) continue;
    const list = byThread.get(key) ?? [];
    const [pid, tid] = key.split(':').map(Number) as [number, number];
    const cpu = samples(events, pid, tid).filter((s) => s.ts >= from - 2e6 && s.ts <= to);
    // The page's main thread and the suggestion index worker (not the other workers).
    if (cpu.length === 0) continue;
    if (
      name !== 'CrRendererMain' &&
      !cpu.some((s) => s.stack.some((f) => f.includes('suggest-index')))
    )
      continue;
    const tasks = spans(list).filter(
      (s) => s.depth === 0 && s.end > from - 2e6 && s.ts < to && s.end - s.ts >= 10_000,
    );
    if (tasks.length === 0) continue;
    out.push(
      `  ${name} ${key}: tasks of 10 ms or more from 2 s before the open (start, ms, top self):`,
    );
    for (const task of tasks) {
      const self = new Map<string, number>();
      const inside = cpu.filter((s) => s.ts >= task.ts && s.ts <= task.end);
      for (const s of inside) self.set(s.stack[0]!, (self.get(s.stack[0]!) ?? 0) + 1);
      // The app's outermost function in these samples: what the task ran.
      const outer = new Map<string, number>();
      for (const s of inside) {
        const app = s.stack.filter((f) => /\.js$/.test(f) && !/^\(/.test(f)).at(-2);
        if (app) outer.set(app, (outer.get(app) ?? 0) + 1);
      }
      const topOf = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([f, c]) => `${f} ×${c}`)
          .join(', ');
      out.push(
        `    ${at(task.ts)} ${round(task.end - task.ts)} [${topOf(self, 4)}] via [${topOf(outer, 3)}]`,
      );
    }
  }
  return out;
}

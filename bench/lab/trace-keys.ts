// What the renderer's main thread did while each typed key waited for its frame, from a
// Chromium trace (typing-trace.ts): trace events summed by kind over each key's window, and
// the trace's CPU samples by function (self, and inclusive for the app's own functions). And
// `startTrace`, which records the traces the benches and the labs read (trace-events.ts reads
// them back).
import type { Page } from 'playwright-core';
import {
  add,
  round,
  samples,
  spans,
  top,
  type Sample,
  type Span,
  type TraceEvent,
} from './trace-events';

/** The trace categories the labs record: tasks, timeline events, user marks, V8 samples and GC. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
];

/**
 * Starts tracing the page's renderer, or with `browser` every process of its browser; the
 * returned function ends the trace and gives its events. It records the labs' categories
 * (TRACE_CATEGORIES, or as BENCH_TRACE_* set them) and the `more` a lab adds, unless
 * `categories` names others (Tracing.start's comma-separated list).
 */
export async function startTrace<Event = TraceEvent>(
  page: Page,
  {
    categories,
    more = [],
    browser = false,
  }: { categories?: string; more?: string[]; browser?: boolean } = {},
): Promise<() => Promise<Event[]>> {
  const cdp = browser
    ? await page.context().browser()!.newBrowserCDPSession()
    : await page.context().newCDPSession(page);
  const events: Event[] = [];
  // The protocol types trace events as string maps; their fields are numbers and objects too.
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as Event[])));
  await cdp.send('Tracing.start', {
    ...(categories !== undefined
      ? { categories }
      : {
          traceConfig: {
            // BENCH_TRACE_INVALIDATIONS=1: what made each style, layout and paint update needed.
            // BENCH_TRACE_MORE=<a,b>: more categories (the frame's path: blink,cc,viz,gpu);
            // BENCH_TRACE_ONLY=<a,b>: these instead of the labs' (a lighter trace, CPU per thread).
            includedCategories: [
              ...(process.env.BENCH_TRACE_ONLY?.split(',') ?? TRACE_CATEGORIES),
              ...(process.env.BENCH_TRACE_INVALIDATIONS === '1'
                ? ['disabled-by-default-devtools.timeline.invalidationTracking']
                : []),
              ...(process.env.BENCH_TRACE_MORE?.split(',').filter(Boolean) ?? []),
              ...more,
            ],
            recordMode: 'recordContinuously',
          },
        }),
    transferMode: 'ReportEvents',
  });
  return async () => {
    const complete = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    return events;
  };
}

/** One key as the page timed it (page clock, ms). */
export interface KeyTimes {
  keyAt: number;
  handledAt: number;
  mark: number;
  frameBegan?: number;
  doneAt?: number;
}

const KINDS: [kind: string, names: RegExp][] = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayerTree|HitTest)$/],
  ['paint', /^(Paint|PrePaint|Layerize|Commit|CompositeLayers|PaintImage|UpdateLayer)$/],
  ['gc', /GC|^V8\.GC/],
  ['idb', /IndexedDB/i],
  ['parse', /^(ParseHTML|v8\.compile|v8\.parseOnBackground|CompileScript|v8\.compileModule)$/],
  [
    'script',
    /^(FunctionCall|EvaluateScript|v8\.callFunction|V8\.Execute|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|v8\.run|v8\.evaluateModule|FireIdleCallback)$/,
  ],
];

function kindOf(name: string): string {
  for (const [kind, pattern] of KINDS) if (pattern.test(name)) return kind;
  return 'other';
}

/** Per window: self time by kind, tasks of 3 ms and more, and CPU samples by function. */
function windowOf(all: Span[], cpu: Sample[], from: number, to: number) {
  const kinds = new Map<string, number>();
  const names = new Map<string, number>();
  const tasks: string[] = [];
  for (const span of all) {
    if (span.end <= from || span.ts >= to) continue;
    const inside = Math.min(span.end, to) - Math.max(span.ts, from);
    const share = span.end > span.ts ? inside / (span.end - span.ts) : 0;
    add(kinds, kindOf(span.name), span.self * share);
    add(
      names,
      span.name +
        (span.name === 'EventDispatch' || span.name === 'FunctionCall' ? `(${span.detail})` : ''),
      span.self * share,
    );
    if (span.depth === 0 && span.end - span.ts >= 3000) {
      const children = all.filter(
        (s) => s.depth === 1 && s.ts >= span.ts && s.end <= span.end && s.end - s.ts >= 1000,
      );
      const what = children
        .slice(0, 4)
        .map((s) => `${s.name}${s.detail ? `(${s.detail})` : ''} ${round(s.end - s.ts)}`)
        .join(', ');
      tasks.push(`${round(span.end - span.ts)} ms [${what}]`);
    }
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let previous = from;
  for (const sample of cpu) {
    if (sample.ts < from) continue;
    if (sample.ts >= to) break;
    const us = sample.ts - previous;
    previous = sample.ts;
    const leaf = sample.stack[0] ?? '?';
    if (leaf === '(idle)' || leaf === '(program)') continue;
    add(self, leaf, us);
    for (const frame of new Set(sample.stack))
      if (/^[A-Z]\w* |workspace-|src-/.test(frame)) add(inclusive, frame, us);
  }
  return { kinds, names, tasks, self, inclusive };
}

export function analyseKeys(events: TraceEvent[], keys: KeyTimes[], slowest: number): string[] {
  const marks = events.filter((e) => /^key-\d+$/.test(e.name));
  if (marks.length === 0) return ['no key marks in the trace'];
  const { pid, tid } = marks[0]!;
  // Trace µs = page ms × 1000 + offset (the marks' median).
  const offsets = marks
    .map((m) => m.ts - keys[Number(m.name.slice(4))]!.mark * 1000)
    .sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)]!;
  const thread = events.filter((e) => e.pid === pid && e.tid === tid);
  const all = spans(thread);
  const cpu = samples(events, pid, tid);
  const timed = keys
    .map((k, i) => ({
      i,
      k,
      own: (k.doneAt ?? k.handledAt) - k.keyAt - Math.max(0, (k.frameBegan ?? 0) - k.handledAt),
      frame: (k.doneAt ?? k.handledAt) - k.keyAt,
    }))
    .filter((k) => k.k.doneAt !== undefined);
  const lines = [`${timed.length} keys, ${cpu.length} CPU samples on the main thread`];
  const total = {
    names: new Map<string, number>(),
    kinds: new Map<string, number>(),
    self: new Map<string, number>(),
    inclusive: new Map<string, number>(),
  };
  const sorted = [...timed].sort((a, b) => b.own - a.own);
  for (const [n, key] of sorted.entries()) {
    const w = windowOf(all, cpu, key.k.keyAt * 1000 + offset, key.k.doneAt! * 1000 + offset);
    if (n < slowest) {
      for (const [k, v] of w.kinds) add(total.kinds, k, v);
      for (const [k, v] of w.names) add(total.names, k, v);
      for (const [k, v] of w.self) add(total.self, k, v);
      for (const [k, v] of w.inclusive) add(total.inclusive, k, v);
      lines.push(
        `key ${key.i}: own ${Math.round(key.own)} ms (frame ${Math.round(key.frame)}) | ${top(w.kinds, 8)}`,
        `  tasks: ${w.tasks.join(' | ') || '-'}`,
        `  events: ${top(w.names, 10)}`,
        `  self: ${top(w.self, 6)}`,
        `  app (inclusive): ${top(w.inclusive, 8)}`,
      );
    }
  }
  lines.push(
    `slowest ${slowest} together: ${top(total.kinds, 8)}`,
    `  events: ${top(total.names, 25)}`,
    `  self: ${top(total.self, 15)}`,
    `  app (inclusive): ${top(total.inclusive, 25)}`,
  );
  return lines;
}

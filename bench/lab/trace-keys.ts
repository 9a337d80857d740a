// What the renderer's main thread did while each typed key waited for its frame, from a
// Chromium trace (typing-trace.ts): trace events summed by kind over each key's window, and
// the trace's CPU samples by function (self, and inclusive for the app's own functions). And
// `startTrace`, which records the traces the benches and the labs read.
import type { Page } from 'playwright-core';

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

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      type?: string;
      functionName?: string;
      url?: string;
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url?: string };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
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

interface Span {
  name: string;
  ts: number;
  end: number;
  self: number;
  detail: string;
  depth: number;
}

/** The thread's events as spans with their self time, outermost first. */
export function spans(events: TraceEvent[]): Span[] {
  const open: TraceEvent[] = [];
  const complete: { e: TraceEvent; end: number }[] = [];
  for (const e of events) {
    if (e.ph === 'X') complete.push({ e, end: e.ts + (e.dur ?? 0) });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begun = open.pop();
      if (begun) complete.push({ e: begun, end: e.ts });
    }
  }
  complete.sort((a, b) => a.e.ts - b.e.ts || b.end - a.end);
  const out: Span[] = [];
  const stack: Span[] = [];
  for (const { e, end } of complete) {
    while (stack.length > 0 && stack.at(-1)!.end <= e.ts) stack.pop();
    const data = e.args?.data;
    const detail = data?.functionName
      ? `${data.functionName} ${data.url?.split('/').at(-1) ?? ''}`
      : (data?.type ?? '');
    const span: Span = {
      name: e.name,
      ts: e.ts,
      end,
      self: end - e.ts,
      detail,
      depth: stack.length,
    };
    const parent = stack.at(-1);
    if (parent) parent.self -= Math.min(end, parent.end) - e.ts;
    stack.push(span);
    out.push(span);
  }
  return out;
}

interface Sample {
  ts: number;
  stack: string[];
}

/** The CPU samples of the trace's profiles on the main thread, each with its stack (leaf first). */
export function samples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const out: Sample[] = [];
  const byId = new Map<
    string,
    { start: number; at: number; nodes: Map<number, { parent?: number; name: string }> }
  >();
  for (const e of events) {
    if (e.pid !== pid || !e.id) continue;
    if (e.name === 'Profile') {
      if (e.tid !== tid) continue;
      const start = e.args?.data?.startTime ?? e.ts;
      byId.set(e.id, { start, at: start, nodes: new Map() });
    } else if (e.name === 'ProfileChunk') {
      const profile = byId.get(e.id);
      if (!profile) continue;
      const data = e.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        const file = node.callFrame.url?.split('/').at(-1) ?? '';
        profile.nodes.set(node.id, {
          parent: node.parent,
          name: `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`,
        });
      }
      const deltas = data?.timeDeltas ?? [];
      (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
        profile.at += deltas[i] ?? 0;
        const stack: string[] = [];
        for (let node = profile.nodes.get(id); node; node = profile.nodes.get(node.parent ?? -1)) {
          stack.push(node.name);
        }
        out.push({ ts: profile.at, stack });
      });
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Microseconds as milliseconds to one decimal. */
export const round = (us: number) => Math.round(us / 100) / 10;

/** The `count` largest entries of a time map, as "ms name" pairs. */
export function top(map: Map<string, number>, count: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${round(us)} ${name}`)
    .join('; ');
}

export const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);

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

// Each typed key's path to its frame, thread by thread, from a Chromium trace recorded with the
// frame's categories (`BENCH_TRACE=<file> BENCH_TRACE_MORE=blink,cc,viz,gpu,…` on
// bench/apply-browser.ts, BENCH_CONTROL=1 for the dialog with no read):
// `node --import tsx bench/lab/frame-keys.ts <file> [minMs]`. A line per keydown of `minMs`
// or more (Event Timing, key → next paint): its wait for the handler, then per thread the busy
// time inside the key's window and the events that took it (self time); last, the same summed
// over the slow keys and over the others, per key; then each group's stage medians (handlers,
// the main frame that followed, its Paint, the compositor's draw, viz's swap) and the CPU
// (thread time) per key of each thread over the typing (keys 30 ms apart).
import { readFile } from 'node:fs/promises';
import { add, spans, top, type TraceEvent } from './trace-events';

interface KeyTiming {
  type: string;
  duration: number;
  timeStamp: number;
  processingStart: number;
  processingEnd: number;
}

const ms = (us: number) => (us / 1000).toFixed(1);

export function frameKeys(events: TraceEvent[], minMs = 24): string[] {
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      threadName.set(`${e.pid}:${e.tid}`, e.args!.name!);
  }
  const timing = (e: TraceEvent) => e.args?.data as unknown as KeyTiming;
  const keys = events.filter(
    (e) => e.name === 'EventTiming' && e.ph === 'b' && timing(e)?.type === 'keydown',
  );
  if (keys.length === 0) return ['no keydown in the trace'];
  const offsets = keys.map((e) => e.ts - timing(e).timeStamp * 1000).sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)]!;
  // The threads that draw a frame: the page's main and compositor threads, its raster
  // workers, the browser's viz compositor and in-process GPU threads.
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    const name = threadName.get(key) ?? '';
    if (
      !/CrRendererMain|Compositor|ThreadPoolForegroundWorker|VizCompositorThread|GpuThread|CrGpuMain/.test(
        name,
      )
    )
      continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e);
  }
  const threads = [...byThread].map(([key, list]) => ({
    name: `${threadName.get(key)}(${key.split(':')[0]})`,
    all: spans(list.filter((e) => e.ph === 'X' || e.ph === 'B' || e.ph === 'E')),
  }));
  const lines: string[] = [];
  const sum = { slow: new Map<string, number>(), fast: new Map<string, number>() };
  const count = { slow: 0, fast: 0 };
  for (const key of keys) {
    const t = timing(key);
    const from = t.timeStamp * 1000 + offset;
    const to = from + t.duration * 1000;
    const slow = t.duration >= minMs;
    count[slow ? 'slow' : 'fast']++;
    const parts: string[] = [];
    for (const thread of threads) {
      const names = new Map<string, number>();
      let busy = 0;
      for (const s of thread.all) {
        if (s.end <= from || s.ts >= to) continue;
        const inside = Math.min(s.end, to) - Math.max(s.ts, from);
        const share = s.end > s.ts ? inside / (s.end - s.ts) : 0;
        if (s.depth === 0) busy += inside;
        add(names, s.name, s.self * share);
        add(sum[slow ? 'slow' : 'fast'], `${thread.name} ${s.name}`, s.self * share);
      }
      if (busy >= 500) parts.push(`  ${thread.name} busy ${ms(busy)}: ${top(names, 6)}`);
    }
    if (slow) {
      lines.push(
        `key at ${ms(from - keys[0]!.ts)} ms: ${t.duration} ms, waited ${(t.processingStart - t.timeStamp).toFixed(1)}, handlers ${(t.processingEnd - t.processingStart).toFixed(1)}`,
        ...parts,
      );
    }
  }
  const perKey = (map: Map<string, number>, n: number) =>
    new Map([...map].map(([k, v]) => [k, v / Math.max(1, n)]));
  lines.push(
    `slow keys (${count.slow}, ≥ ${minMs} ms), per key: ${top(perKey(sum.slow, count.slow), 25)}`,
    `other keys (${count.fast}), per key: ${top(perKey(sum.fast, count.fast), 25)}`,
  );
  return lines;
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? 'n/a' : sorted[Math.floor(sorted.length / 2)]!.toFixed(1);
};

/** Medians of each key's stages, ms after the key, for the slow keys and the others. */
export function keyStages(events: TraceEvent[], minMs = 24): string[] {
  const timing = (e: TraceEvent) => e.args?.data as unknown as KeyTiming;
  const keys = events.filter(
    (e) => e.name === 'EventTiming' && e.ph === 'b' && timing(e)?.type === 'keydown',
  );
  const dispatch = events.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown',
  );
  if (keys.length === 0 || !dispatch) return ['no keydown in the trace'];
  const offsets = keys.map((e) => e.ts - timing(e).timeStamp * 1000).sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)]!;
  const named = (name: string, main: boolean) =>
    events
      .filter((e) => e.ph === 'X' && e.name === name)
      .filter((e) => !main || (e.pid === dispatch.pid && e.tid === dispatch.tid))
      .sort((a, b) => a.ts - b.ts);
  const frames = named('ProxyMain::BeginMainFrame', true);
  const paints = named('Paint', true);
  const draws = named('ProxyImpl::ScheduledActionDraw', false);
  const swaps = named('Display::DrawAndSwap', false);
  const groups = { slow: [] as number[][], other: [] as number[][] };
  for (const key of keys) {
    const t = timing(key);
    const at = t.timeStamp * 1000 + offset;
    const handled = at + (t.processingEnd - t.timeStamp) * 1000;
    const frame = frames.find((e) => e.ts >= handled - 200 && (e.dur ?? 0) > 1000);
    if (!frame) continue;
    const end = frame.ts + (frame.dur ?? 0);
    const paint = paints
      .filter((e) => e.ts >= frame.ts && e.ts < end)
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    const draw = draws.find((e) => e.ts >= end - 500);
    const swap = draw && swaps.find((e) => e.ts >= draw.ts);
    groups[t.duration >= minMs ? 'slow' : 'other'].push([
      t.processingEnd - t.timeStamp,
      (frame.ts - at) / 1000,
      (end - at) / 1000,
      paint / 1000,
      draw ? (draw.ts - at) / 1000 : NaN,
      swap ? (swap.ts + (swap.dur ?? 0) - at) / 1000 : NaN,
      t.duration,
    ]);
  }
  const names = [
    'handlers end',
    'main frame begins',
    'ends',
    'its Paint',
    'draw',
    'swap ends',
    'Event Timing',
  ];
  return Object.entries(groups).map(
    ([group, rows]) =>
      `${group} keys (${rows.length}), medians (ms after the key): ${names.map((n, i) => `${n} ${median(rows.map((r) => r[i]!))}`).join(', ')}`,
  );
}

/** CPU (thread time of the outermost events) per key, per thread, over the stretches of typing. */
export function cpuPerKey(events: TraceEvent[]): string[] {
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      threadName.set(`${e.pid}:${e.tid}`, e.args!.name!);
  }
  const keys = events
    .filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data?.type === 'keydown')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  if (keys.length === 0) return ['no keydown in the trace'];
  const stretches: [number, number][] = [];
  let from = keys[0]!;
  let last = keys[0]!;
  for (const at of keys.slice(1)) {
    if (at - last > 200_000) {
      stretches.push([from, last + 30_000]);
      from = at;
    }
    last = at;
  }
  stretches.push([from, last + 30_000]);
  const inside = (ts: number) => stretches.some(([a, b]) => ts >= a && ts < b);
  const ends = new Map<string, number>();
  const cpu = new Map<string, number>();
  const sorted = events
    .filter((e) => e.ph === 'X' && inside(e.ts))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  for (const e of sorted) {
    const thread = `${e.pid}:${e.tid}`;
    if ((ends.get(thread) ?? 0) > e.ts) continue;
    ends.set(thread, e.ts + (e.dur ?? 0));
    const tdur = (e as TraceEvent & { tdur?: number }).tdur;
    if (tdur !== undefined) add(cpu, (threadName.get(thread) ?? '?').replace(/\d+$/, ''), tdur);
  }
  return [
    `CPU per key (${keys.length} keys): ${top(new Map([...cpu].map(([k, v]) => [k, v / keys.length])), 8)}`,
  ];
}

if (import.meta.filename === process.argv[1]) {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: frame-keys.ts <trace.json> [minMs]');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  const minMs = Number(min ?? 24);
  console.log(
    [...frameKeys(events, minMs), ...keyStages(events, minMs), ...cpuPerKey(events)].join('\n'),
  );
}

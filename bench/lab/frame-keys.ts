// Each typed key's path to its frame, thread by thread, from a Chromium trace recorded with the
// frame's categories (`BENCH_TRACE=<file> BENCH_TRACE_MORE=blink,cc,viz,gpu,…` on
// bench/apply-browser.ts, BENCH_CONTROL=1 for the dialog with no read):
// `node --import tsx bench/lab/frame-keys.ts <file> [minMs]`. A line per keydown of `minMs`
// or more (Event Timing, key → next paint): its wait for the handler, then per thread the busy
// time inside the key's window and the events that took it (self time); last, the same summed
// over the slow keys and over the others, per key.
import { readFile } from 'node:fs/promises';
import { add, spans, top, type TraceEvent } from './trace-keys';

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

if (import.meta.filename === process.argv[1]) {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: frame-keys.ts <trace.json> [minMs]');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(frameKeys(events, Number(min ?? 24)).join('\n'));
}

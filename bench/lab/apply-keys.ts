// Each key typed while "Read answer" runs, from a Chromium trace of bench/apply-browser.ts
// (`BENCH_TRACE=<file>`, BENCH_PROFILE=1 for an unminified build), with what it waited on:
// `node --import tsx bench/lab/apply-keys.ts <file>`. A line per keydown between the click and
// the frame that shows the review: ms after the click, its Event Timing duration (key → next
// paint), how long it waited for its handler, and each main-thread task of 2 ms or more
// until its paint (ms after the key: length [largest inner events]).
import { readFile } from 'node:fs/promises';
import { spans, type TraceEvent } from './trace-events';

interface KeyTiming {
  type: string;
  duration: number;
  timeStamp: number;
  processingStart: number;
}

const ms = (us: number) => (us / 1000).toFixed(1);

export function readKeys(events: TraceEvent[]): string[] {
  const clicks = events.filter((e) => e.name === 'apply-bench:click').sort((a, b) => a.ts - b.ts);
  const shown = events.filter((e) => e.name === 'apply-bench:shown').sort((a, b) => a.ts - b.ts);
  if (clicks.length === 0) return ['no apply-bench:click mark in the trace'];
  const { pid, tid } = clicks[0]!;
  const all = spans(events.filter((e) => e.pid === pid && e.tid === tid));
  // The protocol types trace arguments loosely: Event Timing's are these.
  const timing = (e: TraceEvent) => e.args?.data as unknown as KeyTiming;
  const keys = events.filter(
    (e) => e.name === 'EventTiming' && e.ph === 'b' && timing(e)?.type === 'keydown',
  );
  // Trace µs = page ms × 1000 + offset (the keys' median).
  const offsets = keys.map((e) => e.ts - timing(e).timeStamp * 1000).sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)] ?? 0;
  const lines: string[] = [];
  clicks.forEach((click, k) => {
    const end = shown.find((e) => e.ts > click.ts)?.ts ?? click.ts + 60e6;
    lines.push(`read ${k + 1}: ${ms(end - click.ts)} ms click → shown`);
    for (const key of keys) {
      const t = timing(key);
      const at = t.timeStamp * 1000 + offset;
      if (at < click.ts || at > end) continue;
      const to = at + t.duration * 1000;
      const tasks = all
        .filter((s) => s.depth === 0 && s.end > at && s.ts < to && s.end - s.ts >= 2000)
        .map((s) => {
          const inner = all
            .filter((c) => c.depth >= 1 && c.depth <= 2 && c.ts >= s.ts && c.end <= s.end)
            .filter((c) => c.end - c.ts >= 1500)
            .slice(0, 3)
            .map((c) => `${c.name}${c.detail ? `(${c.detail.trim()})` : ''} ${ms(c.end - c.ts)}`);
          return `${ms(s.ts - at)}: ${ms(s.end - s.ts)} [${inner.join(', ')}]`;
        });
      lines.push(
        `  key +${ms(at - click.ts)}: ${Math.round(t.duration)} ms, waited ${(t.processingStart - t.timeStamp).toFixed(1)} | ${tasks.join(' | ')}`,
      );
    }
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) {
  const [file] = process.argv.slice(2);
  if (!file) throw new Error('usage: apply-keys.ts <trace.json>');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(readKeys(events).join('\n'));
}

// Style and layout run from script (forced: a size read, a focus, a scroll) while "Read answer"
// runs and just after, from a Chromium trace of bench/apply-browser.ts (`BENCH_TRACE=<file>`):
// `node --import tsx bench/lab/apply-forced.ts <file> [after ms] [min ms]`. Each read's window
// runs from the click to `after` ms past the frame that shows the review; each forced update is
// listed with its task, the script it ran in and its objects. Frames' own updates are left out.
import { readFile } from 'node:fs/promises';
import { spans, type TraceEvent } from './trace-events';

const ms = (us: number) => (us / 1000).toFixed(1);
/** Where script runs: an update nested in one of these was asked for by the script. */
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'RunMicrotasks',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.callFunction',
  'v8.run',
  'ResizeObserverCallback',
  'MessagePort::Accept',
]);

export function forcedUpdates(events: TraceEvent[], afterMs = 150, minMs = 0.5): string[] {
  const clicks = events.filter((e) => e.name === 'apply-bench:click').sort((a, b) => a.ts - b.ts);
  const shown = events.filter((e) => e.name === 'apply-bench:shown').sort((a, b) => a.ts - b.ts);
  if (clicks.length === 0) return ['no apply-bench:click mark in the trace'];
  const { pid, tid } = clicks[0]!;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const all = spans(main);
  /** A layout's objects: dirty and in all, from its trace event's `beginData`. */
  type Objects = { dirtyObjects?: number; totalObjects?: number };
  const layouts = new Map(
    main
      .filter((e) => e.name === 'Layout')
      .map((e) => [e.ts, (e.args as { beginData?: Objects } | undefined)?.beginData] as const),
  );
  const lines: string[] = [];
  clicks.forEach((click, k) => {
    const shownAt = shown.find((e) => e.ts > click.ts)?.ts ?? click.ts + 60e6;
    const end = shownAt + afterMs * 1000;
    const stack: typeof all = [];
    const found: string[] = [];
    let total = 0;
    for (const span of all) {
      if (span.end < click.ts || span.ts > end) continue;
      stack.length = span.depth;
      stack[span.depth] = span;
      if (span.name !== 'Layout' && span.name !== 'UpdateLayoutTree') continue;
      const script = stack.slice(0, span.depth).filter((s) => SCRIPT.has(s.name));
      if (script.length === 0) continue;
      const took = span.end - span.ts;
      total += took;
      if (took < minMs * 1000) continue;
      const objects = layouts.get(span.ts);
      found.push(
        `  +${ms(span.ts - click.ts)} ms ${span.name} ${ms(took)} ms${objects ? ` (${objects.dirtyObjects}/${objects.totalObjects} objects)` : ''} in ${stack[0]!.name} ${ms(stack[0]!.end - stack[0]!.ts)} ms › ${script.map((s) => `${s.name}${s.detail ? `(${s.detail.trim()})` : ''}`).join(' › ')}`,
      );
    }
    lines.push(
      `read ${k + 1}: shown at +${ms(shownAt - click.ts)} ms; forced style/layout ${ms(total)} ms to +${afterMs} ms after`,
      ...found,
    );
  });
  return lines;
}

if (import.meta.filename === process.argv[1]) {
  const [file, after, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: apply-forced.ts <trace.json> [after ms] [min ms]');
  const events = JSON.parse(await readFile(file, 'utf8')) as TraceEvent[];
  console.log(forcedUpdates(events, Number(after ?? 150), Number(min ?? 0.5)).join('\n'));
}

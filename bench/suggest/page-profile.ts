// The page's main thread profiled while the suggestion index builds (BENCH_PROFILE=1, with the
// unminified build it makes): self time by function, and total time by the function that
// calls into the app from the top of a task, so a long task can be named.
import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from 'playwright-core';
import type { TraceEvent as FullTraceEvent } from '../lab/trace-events';
import { startTrace } from '../lab/trace-keys';
import { longTaskLines } from './long-tasks';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startPageProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return cdp;
}

const name = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
};

const top = (sums: Map<string, number>, count: number) =>
  [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([what, ms]) => `    ${Math.round(ms)} ms ${what}`);

/** Stops the profile; lines naming where the page's thread spent its time. */
export async function stopPageProfile(cdp: CDPSession): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const entry = new Map<string, number>();
  // Each sample's path from the root: the first two app frames name the task's entry.
  const entryOf = new Map<number, string>();
  const entryName = (id: number): string => {
    const known = entryOf.get(id);
    if (known !== undefined) return known;
    const path: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      path.unshift(byId.get(at)!);
    }
    const frames = path.filter(
      (n) => n.callFrame.url !== '' || /^\(/.test(n.callFrame.functionName) === false,
    );
    const named = frames
      .filter((n) => n.callFrame.functionName !== '(root)')
      .slice(0, 3)
      .map(name)
      .join(' > ');
    entryOf.set(id, named);
    return named;
  };
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    total += ms;
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    const e = entryName(id);
    entry.set(e, (entry.get(e) ?? 0) + ms);
  });
  return [
    `  page main thread busy during the build (CPU profile): ${Math.round(total)} ms; by task entry:`,
    ...top(entry, 12),
    '  self time by function:',
    ...top(self, 12),
  ];
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { name?: string; data?: { type?: string; functionName?: string; url?: string } };
}

/** A trace of the renderer (BENCH_TRACE=1): what the page's main thread's tasks ran, by kind. */
export async function startPageTrace(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  const stopTrace = await startTrace<TraceEvent>(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      'v8',
      // The CPU samples name what each long task ran.
      'disabled-by-default-v8.cpu_profiler',
      'IndexedDB',
      // The page's marks, to find the build's open in the trace.
      'blink.user_timing',
    ].join(','),
  });
  return {
    async stop() {
      const events = await stopTrace();
      // BENCH_TRACE_FILE keeps the trace, to open in DevTools or read again.
      const file = process.env.BENCH_TRACE_FILE;
      if (file) await writeFile(file, JSON.stringify(events));
      const main = events.find(
        (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
      );
      const mine = events.filter(
        (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X',
      );
      // Each top-level task's direct children, by name (with an event's type or function).
      mine.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const isTask = (e: TraceEvent) => e.name === 'ThreadControllerImpl::RunTask';
      const byKind = new Map<string, number>();
      const add = (kind: string, us: number) =>
        byKind.set(kind, (byKind.get(kind) ?? 0) + us / 1000);
      let busy = 0;
      let tasks = 0;
      let task: TraceEvent | null = null;
      let child: TraceEvent | null = null;
      let covered = 0;
      const endOf = (e: TraceEvent) => e.ts + (e.dur ?? 0);
      const closeTask = () => {
        if (task) add('(task itself)', (task.dur ?? 0) - covered);
      };
      for (const e of mine) {
        if (isTask(e) && (!task || e.ts >= endOf(task))) {
          closeTask();
          task = e;
          child = null;
          covered = 0;
          tasks++;
          busy += e.dur ?? 0;
          continue;
        }
        if (!task || e.ts >= endOf(task) || (child && e.ts < endOf(child))) continue;
        child = e;
        covered += e.dur ?? 0;
        const data = e.args?.data;
        add(
          `${e.name}${data?.type ? ` ${data.type}` : ''}${data?.functionName ? ` ${data.functionName}` : ''}`,
          e.dur ?? 0,
        );
      }
      closeTask();
      return [
        `  page main thread tasks during the build (trace): ${tasks}, ${Math.round(busy / 1000)} ms; by what they ran:`,
        ...top(byKind, 16),
        ...longTaskLines(events as unknown as FullTraceEvent[]),
      ];
    },
  };
}

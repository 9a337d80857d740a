// A Chromium trace's events (startTrace gives them) read back: the spans of one thread with
// their self time, the CPU samples of its profiles with their stacks, and the small time maps
// the labs print.

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

export interface Span {
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

export interface Sample {
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

/** A task's inner events of `minUs` and more, to `maxDepth`, the first `count`, as "name(detail) ms". */
export function innerEvents(
  all: Span[],
  task: Span,
  { maxDepth, minUs, count }: { maxDepth: number; minUs: number; count: number },
): string[] {
  return all
    .filter((s) => s.depth > 0 && s.depth <= maxDepth && s.ts >= task.ts && s.end <= task.end)
    .filter((s) => s.end - s.ts >= minUs)
    .slice(0, count)
    .map((s) => `${s.name}${s.detail ? `(${s.detail.trim()})` : ''} ${round(s.end - s.ts)}`);
}

/**
 * The CPU time of a task's samples by the names `namesOf` reads in each sample's stack (a
 * sample's time goes to each name once), as "name ms" pairs, largest first.
 */
export function sampledTime(
  cpu: Sample[],
  task: Span,
  namesOf: (stack: string[]) => string[],
  count: number,
): string[] {
  const time = new Map<string, number>();
  let previous = task.ts;
  for (const sample of cpu) {
    if (sample.ts < task.ts) continue;
    if (sample.ts >= task.end) break;
    for (const name of new Set(namesOf(sample.stack))) add(time, name, sample.ts - previous);
    previous = sample.ts;
  }
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${name} ${round(us)}`);
}

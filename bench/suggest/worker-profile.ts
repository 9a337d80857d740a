// The suggestion index worker's CPU profile and sampled allocations over the build
// (BENCH_WORKER_PROFILE=<file.cpuprofile>, with the unminified build it makes). Playwright
// opens CDP sessions on pages and frames only, so the worker is reached through the page's
// session: Target.attachToTarget, then messages sent to the target.
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { topFunctions, type CpuProfile } from '../cpu-profile';
import { startTrace } from '../lab/trace-keys';

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Self time of the profile's special nodes (garbage collector, program, idle), ms. */
export function specialTimes(profile: CpuProfile): Map<string, number> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  const times = new Map<string, number>([['total', 0]]);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    times.set('total', times.get('total')! + ms);
    const name = byNode.get(id) ?? '';
    if (name.startsWith('(')) times.set(name, (times.get(name) ?? 0) + ms);
  });
  return times;
}

/** Bytes allocated by function in a sampling heap profile (collected objects included). */
function topAllocations(head: SamplingNode, count: number): string[] {
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: SamplingNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').at(-1)}:${lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(head);
  return [
    `  index worker's sampled allocations over the build: ${(total / 1_048_576).toFixed(0)} MB; by function:`,
    ...[...bytes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, n]) => `    ${(n / 1_048_576).toFixed(1)} MB ${key}`),
  ];
}

/** Starts profiling the index worker; `stop` writes the profile to `file` and returns lines. */
export async function startWorkerProfile(
  page: Page,
  file: string,
): Promise<{ stop: () => Promise<string[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const target = targetInfos.find(
    (t) => t.type === 'worker' && t.url.includes('suggest-index.worker'),
  );
  if (!target) throw new Error('no suggestion index worker to profile');
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let nextId = 1;
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const listen = (event: { sessionId: string; message: string }) => {
        const reply = JSON.parse(event.message) as { id?: number; result?: T; error?: unknown };
        if (event.sessionId !== sessionId || reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listen);
        if (reply.error) reject(new Error(`${method}: ${JSON.stringify(reply.error)}`));
        else resolve(reply.result as T);
      };
      cdp.on('Target.receivedMessageFromTarget', listen);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 500 });
  await call('HeapProfiler.enable');
  await call('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await call('Profiler.start');
  return {
    async stop() {
      const { profile } = await call<{ profile: CpuProfile }>('Profiler.stop');
      const { profile: heap } = await call<{ profile: { head: SamplingNode } }>(
        'HeapProfiler.stopSampling',
      );
      await cdp.detach();
      await writeFile(file, JSON.stringify(profile));
      const special = specialTimes(profile);
      const ms = (name: string) => Math.round(special.get(name) ?? 0);
      const busy = ms('total') - ms('(idle)');
      return [
        `  index worker's CPU profile over the build (${file}): ${busy} ms busy of ${ms('total')} ms; garbage collector ${ms('(garbage collector)')} ms (${((ms('(garbage collector)') / busy) * 100).toFixed(0)} %), program ${ms('(program)')} ms; self time by function:`,
        ...topFunctions(profile, 20).map((line) => `    ${line}`),
        ...topAllocations(heap.head, 12),
      ];
    },
  };
}

interface GcEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The garbage collector's time by thread over the build, from a browser-wide trace of V8's GC
 * categories: the union of each thread's GC events (their phases nest), so the index worker's
 * own pauses stand beside the collector's work on the renderer's pool threads.
 */
export async function startGcTrace(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  const stopTrace = await startTrace<GcEvent>(page, {
    categories: 'disabled-by-default-v8.gc,v8.gc',
    browser: true,
  });
  return {
    async stop() {
      const events = await stopTrace();
      const names = new Map<string, string>();
      for (const e of events)
        if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
      const spans = new Map<string, [number, number][]>();
      for (const e of events) {
        if (e.ph !== 'X' || !e.dur) continue;
        const key = `${e.pid}:${e.tid}`;
        spans.set(key, [...(spans.get(key) ?? []), [e.ts, e.ts + e.dur]]);
      }
      const byName = new Map<string, { ms: number; threads: number }>();
      for (const [key, list] of spans) {
        list.sort((a, b) => a[0] - b[0]);
        let us = 0;
        let end = -Infinity;
        for (const [from, to] of list) {
          if (to <= end) continue;
          us += to - Math.max(from, end);
          end = to;
        }
        const name = (names.get(key) ?? '?').replace(/\d+$/, '');
        const sum = byName.get(name) ?? { ms: 0, threads: 0 };
        byName.set(name, { ms: sum.ms + us / 1000, threads: sum.threads + 1 });
      }
      return [
        `  garbage collection over the build by thread (trace of V8's GC events):`,
        ...[...byName]
          .sort((a, b) => b[1].ms - a[1].ms)
          .map(([name, { ms, threads }]) => `    ${Math.round(ms)} ms ${name} (${threads})`),
      ];
    },
  };
}

// Main-thread CPU profiles of the bench's page (CDP): self time per function.
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** A CDP CPU profile, as much of it as the bench reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function of a CDP CPU profile, top entries first (ms). */
export function topFunctions(profile: CpuProfile, count: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${Math.round(ms)} ms ${key}`);
}

/** Runs `timed`; with `profile`, prints the main thread's self time per function over it. */
export async function profiled<T>(
  page: Page,
  profile: boolean,
  name: string,
  timed: () => Promise<T>,
) {
  if (!profile) return timed();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const result = await timed();
  const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  // The whole profile, stacks included (self time hides callers).
  if (process.env.BENCH_PROFILE_OUT) {
    const file = `${process.env.BENCH_PROFILE_OUT}-${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`;
    await writeFile(file, JSON.stringify(taken));
  }
  console.error([`Main-thread self time, ${name}:`, ...topFunctions(taken, 25)].join('\n'));
  await cdp.detach();
  return result;
}

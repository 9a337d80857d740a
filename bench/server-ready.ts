import type { ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Polls `url` (a health route of a server the bench spawned) every 50 ms until it answers
 * 2xx; throws when `child` exits first or `timeoutMs` passes.
 */
export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return;
    await delay(50);
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

import { type Readiness } from '@promptloom/core';
import { READINESS_CHECK_TIMEOUT_MS } from '../../limits';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';

/** Resolves 'up' when the probe answers in time, 'down' when it fails or hangs. */
async function probe(run: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(db: Db, redis: Redis | null): Promise<Readiness> {
  const [database, redisState] = await Promise.all([
    probe(() => db.execute(sql`select 1`)),
    redis ? probe(() => redis.ping()) : Promise.resolve('not configured' as const),
  ]);
  // Without Redis the app keeps working (rate limits in memory): degraded, still ready, so a
  // load balancer does not drain every instance at once when Redis goes away.
  const checks = { database, redis: redisState === 'down' ? ('degraded' as const) : redisState };
  return { ok: database === 'up', checks };
}

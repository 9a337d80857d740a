import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { REDIS_FALLBACK_MS } from '../limits';
import { MemoryRateStore, memoryRateStoreClass } from './memory-rate-store';

type Store = InstanceType<typeof RedisStore>;
type Callback = Parameters<Store['incr']>[1];

/**
 * Redis when it answers, this instance's memory when it does not. A counter that Redis does
 * not return within REDIS_FALLBACK_MS is taken from memory, so a dead Redis costs a request
 * at most that long; once Redis reconnects, the shared counters are used again. The higher
 * of the two counts decides, so requests counted only in memory are never forgotten.
 */
function fallbackStoreClass(redis: Redis, onFailure: (reason: string) => void, now: () => number) {
  return class FallbackStore {
    readonly shared: Store;
    readonly local: MemoryRateStore;
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { shared: Store; local: MemoryRateStore },
    ) {
      this.shared =
        stores?.shared ??
        new RedisStore(!!params.continueExceeding, !!params.exponentialBackoff, redis);
      this.local = stores?.local ?? new MemoryRateStore(now);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      // This instance counts every request itself, so requests answered from memory while
      // Redis was slow or not yet connected still count once Redis answers again.
      this.local.incr(
        key,
        (localError, local) => {
          if (localError || !local || redis.status !== 'ready') {
            callback(localError, local);
            return;
          }
          let settled = false;
          const timer = setTimeout(() => {
            settled = true;
            onFailure('no answer in time');
            callback(null, local);
          }, REDIS_FALLBACK_MS);
          this.shared.incr(
            key,
            (error, shared) => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              if (error || !shared) {
                if (error) onFailure(error.message);
                callback(null, local);
              } else if (local.current > shared.current) callback(null, local);
              else callback(null, shared);
            },
            timeWindow,
            max,
          );
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: unknown): FallbackStore {
      return new FallbackStore(
        { continueExceeding: false, exponentialBackoff: false },
        { shared: this.shared.child(routeOptions), local: this.local.child() },
      );
    }
  };
}

/** The shared Redis and the one place an outage is noticed (logged once per outage). */
export interface SharedRedis {
  client: Redis;
  markDown: (reason: string) => void;
}

/** A Redis client that fails fast while disconnected and keeps reconnecting quietly. */
export function openRedis(url: string, log: FastifyBaseLogger): SharedRedis {
  const client = new Redis(url, {
    // Commands fail at once while disconnected instead of queueing (the sign-in used to hang).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  // One warning per outage, not a stack per retry; one line when it comes back.
  const markDown = (reason: string) => {
    if (down) return;
    down = true;
    log.warn(
      `Redis unavailable (${reason}): rate limits use this instance's memory until it returns`,
    );
  };
  client.on('error', (error: Error) => markDown(error.message));
  client.on('close', () => markDown('connection closed'));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared again');
  });
  return { client, markDown };
}

/**
 * Rate limits (per route, opt-in): shared through Redis when configured, else in memory. The
 * memory counts run on the app's clock (`app.now`); Redis keeps its own time.
 */
export async function registerRateLimit(app: FastifyInstance, redis: SharedRedis | undefined) {
  const now = () => app.now().getTime();
  const store = redis
    ? fallbackStoreClass(redis.client, redis.markDown, now)
    : memoryRateStoreClass(now);
  await app.register(rateLimit, {
    global: false,
    // The plugin calls incr(key, cb, timeWindow, max) at run time; its typings list two arguments.
    store: store as unknown as NonNullable<RateLimitPluginOptions['store']>,
  });
}

import { apiErrorSchema } from '@promptloom/core';
import { USER_WRITE_SPACING_MS, USER_WRITES_IN_FLIGHT, USER_WRITES_WAITING_MAX } from '../limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-user turns for writes (decision 035); tests hold a turn to see the queue. */
    writeGate: UserWriteGate;
  }
}

/** Releases a turn; calling it again does nothing. */
export type ReleaseTurn = () => void;

interface UserTurns {
  running: number;
  waiting: Array<(release: ReleaseTurn) => void>;
  /** No turn of this user starts before this time (ms since the epoch). */
  nextStart: number;
  timer?: NodeJS.Timeout;
}

export interface GateOptions {
  inFlight?: number;
  waitingMax?: number;
  /** Least time between the starts of two turns of one user. */
  spacingMs?: number;
  /**
   * The clock the spacing is measured on, in ms since the epoch: the app's injected clock, so a
   * test that moves time moves the turns too (a clock that stands still holds a spaced turn).
   */
  now?: () => number;
}

/**
 * Turns per user, in this instance's memory: at most `inFlight` of a user's writes run, each
 * starting at least `spacingMs` after the previous one; the next `waitingMax` wait in arrival
 * order and any further one is refused. Other users never wait for a user's turns, so one user
 * flooding writes keeps at most `inFlight` of them in the database's queue (PGlite runs one
 * statement at a time; a pool has few connections) and sends them at a bounded pace.
 */
export class UserWriteGate {
  private readonly users = new Map<string, UserTurns>();
  private readonly inFlight: number;
  private readonly waitingMax: number;
  private readonly spacingMs: number;
  private readonly now: () => number;

  constructor(options: GateOptions = {}) {
    this.inFlight = options.inFlight ?? USER_WRITES_IN_FLIGHT;
    this.waitingMax = options.waitingMax ?? USER_WRITES_WAITING_MAX;
    this.spacingMs = options.spacingMs ?? USER_WRITE_SPACING_MS;
    this.now = options.now ?? Date.now;
  }

  /** Resolves with the release once the write may run; null when the user's queue is full. */
  enter(userId: string): Promise<ReleaseTurn> | null {
    let turns = this.users.get(userId);
    if (!turns) {
      turns = { running: 0, waiting: [], nextStart: 0 };
      this.users.set(userId, turns);
    }
    if (turns.waiting.length >= this.waitingMax) return null;
    const queue = turns.waiting;
    const turn = new Promise<ReleaseTurn>((resolve) => queue.push(resolve));
    this.schedule(userId, turns);
    return turn;
  }

  /** Writes of the user running and waiting now. */
  load(userId: string): { running: number; waiting: number } {
    const turns = this.users.get(userId);
    return { running: turns?.running ?? 0, waiting: turns?.waiting.length ?? 0 };
  }

  /** Starts the next waiting write when a turn is free and the spacing has passed. */
  private schedule(userId: string, turns: UserTurns): void {
    if (turns.timer) return;
    const wait = turns.nextStart - this.now();
    if (turns.waiting.length === 0 || turns.running >= this.inFlight) {
      // Idle: forget the user once the spacing has passed (a closed loop must still wait).
      if (turns.running === 0 && turns.waiting.length === 0) {
        if (wait <= 0) this.users.delete(userId);
        else turns.timer = this.after(wait, userId, turns);
      }
      return;
    }
    if (wait > 0) {
      turns.timer = this.after(wait, userId, turns);
      return;
    }
    turns.running++;
    turns.nextStart = this.now() + this.spacingMs;
    let released = false;
    turns.waiting.shift()!(() => {
      if (released) return;
      released = true;
      turns.running--;
      this.schedule(userId, turns);
    });
    this.schedule(userId, turns);
  }

  private after(ms: number, userId: string, turns: UserTurns): NodeJS.Timeout {
    const timer = setTimeout(() => {
      turns.timer = undefined;
      this.schedule(userId, turns);
    }, ms);
    // A waiting write holds its request open; an idle user's timer must not hold the process.
    timer.unref();
    return timer;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every authenticated write under /api counts against the user's write rate limit as it
 * arrives (onRequest, after the auth guard: a refused write's body is never read), then takes
 * a turn once its body has been read (preValidation, decision 093): a body that stalls holds
 * no turn, so it never delays the user's other writes. The turn is given back when its
 * response is done or its connection closes. A refused turn is a 429 WRITES_TOO_FAST, like
 * the rate limit's refusal. (The rate-limit plugin runs one limiter per request: the only
 * routes with their own limits are the public sign-in routes, which have no user and never
 * get here.)
 */
export function registerWriteFairness(app: FastifyInstance): void {
  const { max, windowMs, spacingMs } = app.config.userWrites;
  const gate = new UserWriteGate({ spacingMs, now: () => app.now().getTime() });
  app.decorate('writeGate', gate);
  const limitWrites = app.rateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `writes:${request.userId}`,
    errorResponseBuilder: () => new HttpError(429, 'WRITES_TOO_FAST'),
  });
  // The OpenAPI document lists the 429 on every write a user makes (routes registered later).
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((method) => READS.has(method));
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (reads || route.config?.public || !response || '429' in response) return;
    route.schema = { ...route.schema, response: { ...response, 429: apiErrorSchema } };
  });
  const isWrite = (request: FastifyRequest) => request.userId && !READS.has(request.method);
  app.addHook('onRequest', async (request, reply) => {
    if (isWrite(request)) await limitWrites.call(app, request, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!isWrite(request)) return;
    const turn = gate.enter(request.userId);
    if (!turn) throw new HttpError(429, 'WRITES_TOO_FAST');
    const release = await turn;
    // 'close' follows the end of the response, or a connection that went away meanwhile.
    reply.raw.once('close', release);
    if (reply.raw.destroyed || reply.raw.writableFinished) release();
  });
}

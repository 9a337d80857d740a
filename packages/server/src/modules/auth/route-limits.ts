import type { FastifyRequest } from 'fastify';
import { AUTH_RATE_LIMIT, AUTH_REFRESH_RATE_LIMIT } from '../../limits';
import { REFRESH_COOKIE } from './http';

/** Public (no Bearer) and rate limited per client IP. */
export const publicLimited = {
  public: true,
  rateLimit: { max: AUTH_RATE_LIMIT.max, timeWindow: AUTH_RATE_LIMIT.windowMs },
};

/**
 * Refresh: a request without the cookie gets an immediate 401 without touching the
 * database, so only cookie-bearing attempts count against the address.
 */
export const refreshLimited = {
  public: true,
  rateLimit: {
    max: AUTH_REFRESH_RATE_LIMIT.max,
    timeWindow: AUTH_REFRESH_RATE_LIMIT.windowMs,
    allowList: (request: FastifyRequest) => !request.cookies[REFRESH_COOKIE],
  },
};

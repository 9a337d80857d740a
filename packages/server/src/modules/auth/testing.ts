import { createId } from '@paralleldrive/cuid2';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/helpers';
import { FLOW_COOKIE, REFRESH_COOKIE } from './http';

/** Test support for the auth routes over app.inject (no test runner imports here). */

/** A local sign-in identity of its own: tests that share one app each sign a new account in. */
export const someone = (name = 'Grace Hopper') => ({ name, email: `${createId()}@example.test` });

export function cookieOf(res: LightMyRequestResponse, name: string) {
  return (res.cookies as Array<Record<string, unknown> & { name: string; value: string }>).find(
    (c) => c.name === name,
  );
}

/** The Cookie header a browser would send back for one cookie of a response. */
export function cookieHeader(res: LightMyRequestResponse, name: string): string {
  const cookie = cookieOf(res, name);
  if (!cookie) throw new Error(`no ${name} cookie in the response`);
  return `${name}=${encodeURIComponent(cookie.value)}`;
}

export interface StartedFlow {
  authUrl: string;
  state: string;
  /** Cookie header carrying the signed flow cookie. */
  flowCookie: string;
}

export async function startFlow(t: TestApp, provider: string): Promise<StartedFlow> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
  if (res.statusCode !== 200) throw new Error(`start ${provider}: ${res.statusCode} ${res.body}`);
  const { authUrl, state } = res.json<{ authUrl: string; state: string }>();
  return { authUrl, state, flowCookie: cookieHeader(res, FLOW_COOKIE) };
}

/** Submits the local form; returns the 302 response. */
export function submitLocalForm(
  t: TestApp,
  flow: StartedFlow,
  form: { name: string; email: string; state?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/local/authorize',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: flow.flowCookie,
      origin: t.config.publicUrl,
    },
    payload: new URLSearchParams({ state: flow.state, ...form }).toString(),
  });
}

/** The query of the SPA route a redirect points to. */
export function redirectQuery(res: LightMyRequestResponse): URLSearchParams {
  const location = res.headers.location;
  if (typeof location !== 'string') throw new Error(`no redirect (${res.statusCode})`);
  return new URL(location, 'http://spa.invalid').searchParams;
}

export function finalize(
  t: TestApp,
  provider: string,
  body: { code: string; state?: string; iss?: string },
  cookie?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/${provider}/finalize-login`,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

/** The whole local sign-in as the SPA drives it; returns the access token and refresh cookie. */
export async function signInLocally(
  t: TestApp,
  identity = { name: 'Grace Hopper', email: 'grace@example.test' },
) {
  const flow = await startFlow(t, 'local');
  const submitted = await submitLocalForm(t, flow, identity);
  const query = redirectQuery(submitted);
  const res = await finalize(t, 'local', { code: query.get('code') ?? '' }, flow.flowCookie);
  if (res.statusCode !== 200) throw new Error(`finalize: ${res.statusCode} ${res.body}`);
  return {
    accessToken: res.json<{ accessToken: string }>().accessToken,
    refreshCookie: cookieHeader(res, REFRESH_COOKIE),
    response: res,
  };
}

export function refresh(t: TestApp, cookie?: string, origin = t.config.publicUrl) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { origin, ...(cookie ? { cookie } : {}) },
  });
}

/** GET /api/auth/me with `token` as the bearer. */
export function me(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
}

import { OAUTH_FLOW_COOKIE_TTL_SECONDS } from '../../limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { FLOW_COOKIE } from './http';
import {
  finalize,
  redirectQuery,
  refresh,
  signInLocally,
  startFlow,
  submitLocalForm,
} from './testing';

/** A local flow up to the redirect: the code the SPA would redeem, and its cookie. */
async function codeFor(t: TestApp) {
  const flow = await startFlow(t, 'local');
  const res = await submitLocalForm(t, flow, { name: 'Ada', email: 'ada@example.test' });
  return { flow, code: redirectQuery(res).get('code') ?? '' };
}

describe('login flow hardening (RFC 9700)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      auth: { local: true, github: { clientId: 'gh-client', clientSecret: 'gh-secret' } },
    });
  });
  afterAll(() => t.close());

  it('refuses a code without the flow cookie of the browser that started the login', async () => {
    const { code } = await codeFor(t);
    const res = await finalize(t, 'local', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'AUTH_FLOW_INVALID' });
  });

  it("refuses a code with another login's flow cookie", async () => {
    const { code } = await codeFor(t);
    const other = await startFlow(t, 'local');
    const res = await finalize(t, 'local', { code }, other.flowCookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_FAILED' });
  });

  it("refuses another provider's flow cookie", async () => {
    const { code, flow } = await codeFor(t);
    const github = await startFlow(t, 'github');
    expect((await finalize(t, 'local', { code }, github.flowCookie)).statusCode).toBe(400);
    expect((await finalize(t, 'github', { code }, flow.flowCookie)).statusCode).toBe(400);
  });

  it('refuses a forged (re-signed by nobody) flow cookie', async () => {
    const { code, flow } = await codeFor(t);
    const value = decodeURIComponent(flow.flowCookie.slice(FLOW_COOKIE.length + 1));
    const payload = value.slice(0, value.lastIndexOf('.'));
    const forged = `${FLOW_COOKIE}=${encodeURIComponent(`${payload}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)}`;
    expect((await finalize(t, 'local', { code }, forged)).statusCode).toBe(400);
    const unsigned = `${FLOW_COOKIE}=${encodeURIComponent(payload)}`;
    expect((await finalize(t, 'local', { code }, unsigned)).statusCode).toBe(400);
  });

  it('redeems a flow once: the second redemption fails', async () => {
    const { code, flow } = await codeFor(t);
    const first = await finalize(t, 'local', { code }, flow.flowCookie);
    expect(first.statusCode).toBe(200);
    // The response tells the browser to drop the flow cookie.
    expect(first.cookies.find((c) => c.name === FLOW_COOKIE)?.value).toBe('');
    const second = await finalize(t, 'local', { code }, flow.flowCookie);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'AUTH_FLOW_INVALID' });
  });

  it('refuses two parallel redemptions of one flow but one', async () => {
    const { code, flow } = await codeFor(t);
    const results = await Promise.all([
      finalize(t, 'local', { code }, flow.flowCookie),
      finalize(t, 'local', { code }, flow.flowCookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a state that does not match the flow', async () => {
    const { code, flow } = await codeFor(t);
    const res = await finalize(t, 'local', { code, state: 'tampered' }, flow.flowCookie);
    expect(res.statusCode).toBe(400);
    // Refused or not, the browser is told to drop the flow cookie.
    expect(res.cookies.find((c) => c.name === FLOW_COOKIE)?.value).toBe('');
  });

  it('refuses an expired flow and an expired local code', async () => {
    const { code, flow } = await codeFor(t);
    t.clock.advance((OAUTH_FLOW_COOKIE_TTL_SECONDS + 1) * 1000);
    expect((await finalize(t, 'local', { code }, flow.flowCookie)).statusCode).toBe(400);

    const late = await codeFor(t);
    t.clock.advance(2 * 60 * 1000);
    const res = await finalize(t, 'local', { code: late.code }, late.flow.flowCookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_FAILED' });
  });

  it('refuses a forged local code', async () => {
    const flow = await startFlow(t, 'local');
    const res = await finalize(t, 'local', { code: 'eyJhbGciOiJkaXIifQ..x.y.z' }, flow.flowCookie);
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for a provider that is not enabled and for an unknown one', async () => {
    const disabled = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toMatchObject({ code: 'AUTH_PROVIDER_UNKNOWN' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/myspace' });
    // Not a provider id at all: a path parameter that names nothing (text-hygiene rule).
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://promptloom.example' });
  });
  afterAll(() => t.close());

  const evil = 'https://evil.example';

  it('refuses a foreign Origin on refresh, logout and finalize-login with 403', async () => {
    const { refreshCookie } = await signInLocally(t);
    const viaRefresh = await refresh(t, refreshCookie, evil);
    expect(viaRefresh.statusCode).toBe(403);
    expect(viaRefresh.json()).toEqual({ error: expect.any(String), code: 'ORIGIN_REFUSED' });

    const viaLogout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: evil, cookie: refreshCookie },
    });
    expect(viaLogout.statusCode).toBe(403);
    expect(viaLogout.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });

    const { code, flow } = await codeFor(t);
    const viaFinalize = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/finalize-login',
      headers: { origin: evil, cookie: flow.flowCookie },
      payload: { code },
    });
    expect(viaFinalize.statusCode).toBe(403);
    expect(viaFinalize.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });

    // Fetch Metadata alone is enough to refuse.
    const viaMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'sec-fetch-site': 'cross-site', cookie: refreshCookie },
    });
    expect(viaMetadata.statusCode).toBe(403);

    // Nothing was revoked by the refused calls: the session still refreshes.
    expect((await refresh(t, refreshCookie)).statusCode).toBe(200);
  });

  it('accepts no Origin (same-origin GET-like clients) and our own Origin', async () => {
    const { refreshCookie } = await signInLocally(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: refreshCookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const flow = await t.app.inject({ method: 'GET', url: '/api/auth/local' });
    expect(flow.cookies.find((c) => c.name === FLOW_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: OAUTH_FLOW_COOKIE_TTL_SECONDS,
    });
    const { response } = await signInLocally(t);
    expect(response.cookies.find((c) => c.name === 'pl_refresh')).toMatchObject({
      secure: true,
      sameSite: 'Strict',
    });
  });
});

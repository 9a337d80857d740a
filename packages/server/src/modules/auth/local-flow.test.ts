import { REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS } from '../../limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { refreshTokens, users } from '../../db/schema';
import { REFRESH_COOKIE } from './http';
import {
  cookieHeader,
  cookieOf,
  finalize,
  me,
  redirectQuery,
  refresh,
  signInLocally,
  someone,
  startFlow,
  submitLocalForm,
} from './testing';

describe('local sign-in, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves an accessible form, redirects to the SPA with a code, and opens a session', async () => {
    const flow = await startFlow(t, 'local');
    expect(flow.authUrl).toBe(`/api/auth/local/authorize?state=${flow.state}`);
    expect(flow.state).toMatch(/^[\w-]{43}$/);

    const page = await t.app.inject({
      method: 'GET',
      url: flow.authUrl,
      headers: { cookie: flow.flowCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<label for="name">Name</label>');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toMatch(/<input id="email" name="email" type="email"[^>]*required/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).toContain('method="post" action="/api/auth/local/authorize"');

    const submitted = await submitLocalForm(t, flow, {
      name: 'Grace Hopper',
      email: 'Grace@Example.test',
    });
    expect(submitted.statusCode).toBe(302);
    expect(submitted.headers.location).toMatch(/^\/auth\/finalize\?code=[^&]+&state=/);
    const query = redirectQuery(submitted);
    expect(query.get('state')).toBe(flow.state);

    const res = await finalize(
      t,
      'local',
      { code: query.get('code') ?? '', state: flow.state },
      flow.flowCookie,
    );
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json<{ accessToken: string }>();
    const cookie = cookieOf(res, REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);

    const user = await me(t, accessToken);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      id: expect.any(String),
      name: 'Grace Hopper',
      email: 'grace@example.test',
      avatarUrl: null,
      provider: 'local',
    });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user.json<{ id: string }>().id));
    expect(row).toMatchObject({ provider: 'local', subject: 'grace@example.test' });
    // Only the hash is stored.
    const stored = await t.db.select().from(refreshTokens);
    expect(stored.map((r) => r.tokenHash)).not.toContain(cookie?.value);
  });

  it('signs the same local account in again, refreshing its name', async () => {
    const first = await signInLocally(t, { name: 'Ada', email: 'ada.twice@example.test' });
    const second = await signInLocally(t, { name: 'Ada L.', email: 'ADA.twice@example.test' });
    const a = (await me(t, first.accessToken)).json<{ id: string }>();
    const b = (await me(t, second.accessToken)).json<{ id: string; name: string }>();
    expect(b.id).toBe(a.id);
    expect(b.name).toBe('Ada L.');
  });

  it('re-renders the form with errors for a blank name or a bad email', async () => {
    const flow = await startFlow(t, 'local');
    const res = await submitLocalForm(t, flow, { name: '   ', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-invalid="true" aria-describedby="name-error"');
    expect(res.body).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(res.body).toContain('value="not-an-email"');
  });

  it('speaks French to a French browser', async () => {
    const flow = await startFlow(t, 'local');
    const page = await t.app.inject({
      method: 'GET',
      url: flow.authUrl,
      headers: { cookie: flow.flowCookie, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Se connecter');
  });

  it("speaks the web app's language (its cookie) before the browser's", async () => {
    const flow = await startFlow(t, 'local');
    const french = await t.app.inject({
      method: 'GET',
      url: flow.authUrl,
      headers: { cookie: `${flow.flowCookie}; pl_lang=fr`, 'accept-language': 'en-US' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Se connecter');
    expect(french.body).not.toContain('Sign in to Promptloom');
    const english = await t.app.inject({
      method: 'GET',
      url: flow.authUrl,
      headers: { cookie: `${flow.flowCookie}; pl_lang=en`, 'accept-language': 'fr-FR' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).not.toContain('Se connecter');
  });

  it('shows an expired page without a flow cookie or with another state', async () => {
    const flow = await startFlow(t, 'local');
    const bare = await t.app.inject({ method: 'GET', url: flow.authUrl });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('href="/login"');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/local/authorize?state=someone-elses',
      headers: { cookie: flow.flowCookie },
    });
    expect(other.statusCode).toBe(400);
    const posted = await submitLocalForm(t, flow, {
      name: 'Eve',
      email: 'eve@example.test',
      state: 'forged',
    });
    expect(posted.statusCode).toBe(400);
  });

  it('logs out: the session’s access tokens stop working at once, another session’s do not', async () => {
    const identity = someone();
    const ended = await signInLocally(t, identity);
    const other = await signInLocally(t, identity);
    const me = (accessToken: string) =>
      t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me(ended.accessToken)).statusCode).toBe(200);
    const refreshed = await refresh(t, ended.refreshCookie);
    const rotated = refreshed.json<{ accessToken: string }>().accessToken;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(refreshed, REFRESH_COOKIE), origin: t.config.publicUrl },
    });
    expect(logout.statusCode).toBe(204);
    // Well within their 15 minutes, both access tokens of that sign-in are refused.
    for (const token of [ended.accessToken, rotated]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('logs out: revokes the family, clears the cookie, answers 204', async () => {
    const { refreshCookie } = await signInLocally(t, someone());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: refreshCookie, origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = cookieOf(res, REFRESH_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    expect((await refresh(t, refreshCookie)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(again.statusCode).toBe(204);
  });

  it('refuses a refresh without a cookie or with an unknown token', async () => {
    expect((await refresh(t)).statusCode).toBe(401);
    const unknown = await refresh(t, `${REFRESH_COOKIE}=${'a'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'REFRESH_INVALID' });
  });
});

describe('bearer guard on /api/auth/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses a missing, forged or expired token with 401 {error}', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: expect.any(String), code: 'UNAUTHORIZED' });

    const { token } = await t.createUser();
    const [header, payload] = token.split('.');
    const forged = await me(t, `${header}.${payload}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);

    expect((await me(t, token)).statusCode).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    const expired = await me(t, token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: expect.any(String) });
  });
});

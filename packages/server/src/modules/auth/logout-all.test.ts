import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, documentedResponses, type TestApp } from '../../../test/helpers';
import { REFRESH_COOKIE } from './http';
import { cookieHeader, cookieOf, refresh, signInLocally, someone } from './testing';

/** "Sign out everywhere" (decision 039): every sign-in of the user ends at once. */

describe('POST /api/auth/logout-all', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (accessToken: string) =>
    t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  const logoutAll = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { origin: t.config.publicUrl, ...headers },
    });

  /** A personal access token (CLI) of the session's user. */
  const personalToken = async (bearer: Record<string, string>) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      headers: bearer,
      payload: { name: 'CLI on the build machine' },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ token: string }>().token;
  };

  it('ends every session of the user at once, and no one else’s', async () => {
    const identity = someone();
    const laptop = await signInLocally(t, identity);
    const phone = await signInLocally(t, identity);
    const stranger = await signInLocally(t, someone('Dorothy Vaughan'));
    // The laptop's session has two live access tokens: the first, and one after a refresh.
    const refreshed = await refresh(t, laptop.refreshCookie);
    expect(refreshed.statusCode).toBe(200);
    const laptopTokens = [
      laptop.accessToken,
      refreshed.json<{ accessToken: string }>().accessToken,
    ];
    for (const token of [...laptopTokens, phone.accessToken]) {
      expect((await me(token)).statusCode).toBe(200);
    }

    // Signed out from the phone: the phone's cookie goes, every session of the user ends.
    const res = await logoutAll({
      authorization: `Bearer ${phone.accessToken}`,
      cookie: phone.refreshCookie,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(cookieOf(res, REFRESH_COOKIE)?.value).toBe('');

    // Well within their 15 minutes, every access token of both sessions is refused.
    for (const token of [...laptopTokens, phone.accessToken]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // Neither session can be renewed.
    const laptopCookie = cookieHeader(refreshed, REFRESH_COOKIE);
    for (const cookie of [laptopCookie, phone.refreshCookie]) {
      const renewed = await refresh(t, cookie);
      expect(renewed.statusCode).toBe(401);
      expect(renewed.json()).toMatchObject({ code: 'REFRESH_INVALID' });
    }

    // Another user is not touched.
    expect((await me(stranger.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, stranger.refreshCookie)).statusCode).toBe(200);

    // Signing in again starts a new session that works.
    const again = await signInLocally(t, identity);
    expect((await me(again.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, again.refreshCookie)).statusCode).toBe(200);
  });

  it('keeps personal access tokens: they are separate credentials, revoked one by one', async () => {
    const session = await signInLocally(t, someone());
    const bearer = { authorization: `Bearer ${session.accessToken}` };
    const pat = { authorization: `Bearer ${await personalToken(bearer)}` };

    expect((await logoutAll(bearer)).statusCode).toBe(204);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const read = await t.app.inject({ url: '/api/blocks', headers: pat });
    expect(read.statusCode).toBe(200);
  });

  it('needs a signed-in session: no token, a personal access token or another site are refused', async () => {
    const anonymous = await logoutAll({});
    expect(anonymous.statusCode).toBe(401);

    const session = await signInLocally(t, someone());
    const bearer = { authorization: `Bearer ${session.accessToken}` };
    const pat = await logoutAll({ authorization: `Bearer ${await personalToken(bearer)}` });
    expect(pat.statusCode).toBe(403);
    expect(pat.json()).toMatchObject({ code: 'ACCESS_TOKEN_READ_ONLY' });

    const foreign = await logoutAll({ ...bearer, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
    // None of the refused calls ended the session.
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('is listed in the OpenAPI document', async () => {
    const responses = await documentedResponses(t);
    expect(responses('/api/auth/logout-all', 'post')).toEqual(
      expect.arrayContaining(['204', '401', '403', '429']),
    );
  });
});

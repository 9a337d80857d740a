import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { finalize, startFlow } from './testing';

const PUBLIC_URL = 'http://127.0.0.1:39111';
const CLIENT = { clientId: 'promptloom-test', clientSecret: 'a-client-secret-for-the-test-idp' };
const ACCOUNT = 'idp-user-42';

/** A real OpenID Provider on a loopback port, with its development login and consent pages. */
async function startIdp(): Promise<{ issuer: string; server: Server }> {
  let handler: ReturnType<Provider['callback']> | null = null;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uris: [`${PUBLIC_URL}/auth/finalize/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        name: 'Ada from the IdP',
        email: 'ada@idp.test',
        email_verified: true,
        picture: 'https://idp.test/ada.png',
      }),
    }),
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();
  return { issuer, server };
}

/** Follows the IdP's redirects like a browser, signing in and consenting on its pages. */
async function authorizeAtIdp(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  let url = authUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    let res = await send(url);
    if (res.status === 200) {
      const page = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      const form = new URLSearchParams({ prompt: prompt ?? '' });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'anything');
      }
      res = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`IdP answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the IdP');
}

describe('oidc provider against a real authorization server', () => {
  let idp: { issuer: string; server: Server };
  let t: TestApp;
  beforeAll(async () => {
    idp = await startIdp();
    t = await buildTestApp({
      publicUrl: PUBLIC_URL,
      auth: { local: false, oidc: { ...CLIENT, issuer: idp.issuer, name: 'Test IdP' } },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => idp.server.close(resolve));
  });

  it('is listed under its configured name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual([{ id: 'oidc', name: 'Test IdP' }]);
  });

  it('discovers, authorizes with PKCE and nonce, exchanges the code and signs the user in', async () => {
    const flow = await startFlow(t, 'oidc');
    const auth = new URL(flow.authUrl);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/finalize/oidc`);

    const callback = await authorizeAtIdp(flow.authUrl, ACCOUNT);
    expect(callback.pathname).toBe('/auth/finalize/oidc');
    const params = callback.searchParams;
    expect(params.get('state')).toBe(flow.state);
    expect(params.get('iss')).toBe(idp.issuer);

    const res = await finalize(
      t,
      'oidc',
      { code: params.get('code') ?? '', state: flow.state, iss: params.get('iss') ?? undefined },
      flow.flowCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { accessToken } = res.json<{ accessToken: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toEqual({
      id: expect.any(String),
      name: 'Ada from the IdP',
      email: 'ada@idp.test',
      avatarUrl: 'https://idp.test/ada.png',
      provider: 'oidc',
    });
    const [row] = await t.db.select().from(users).where(eq(users.subject, ACCOUNT));
    expect(row).toMatchObject({ provider: 'oidc', subject: ACCOUNT });

    // The same code and flow cannot be redeemed twice.
    const again = await finalize(t, 'oidc', { code: params.get('code') ?? '' }, flow.flowCookie);
    expect(again.statusCode).toBe(400);
  });

  it('refuses a code whose PKCE verifier belongs to another flow', async () => {
    const victim = await startFlow(t, 'oidc');
    const callback = await authorizeAtIdp(victim.authUrl, ACCOUNT);
    // An attacker injects the victim's code into their own browser's flow.
    const attacker = await startFlow(t, 'oidc');
    const res = await finalize(
      t,
      'oidc',
      { code: callback.searchParams.get('code') ?? '' },
      attacker.flowCookie,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_FAILED' });
  });

  it('refuses a callback claiming another issuer (mix-up)', async () => {
    const flow = await startFlow(t, 'oidc');
    const callback = await authorizeAtIdp(flow.authUrl, ACCOUNT);
    const res = await finalize(
      t,
      'oidc',
      { code: callback.searchParams.get('code') ?? '', iss: 'https://attacker.example' },
      flow.flowCookie,
    );
    expect(res.statusCode).toBe(401);
  });
});

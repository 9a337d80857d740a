import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { FLOW_COOKIE } from './http';
import { startFlow } from './testing';

const client = (id: string) => ({ clientId: `${id}-client`, clientSecret: `${id}-secret` });

/** The flow kept in the signed cookie (readable, not secret from its own browser). */
function flowOf(cookieHeader: string) {
  const value = decodeURIComponent(cookieHeader.slice(FLOW_COOKIE.length + 1));
  const payload = value.slice(0, value.lastIndexOf('.'));
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    provider: string;
    state: string;
    codeVerifier: string;
    nonce: string;
  };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('GET /api/auth/providers', () => {
  it('lists only local by default', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ id: 'local', name: 'Local account' }]);
    } finally {
      await t.close();
    }
  });

  it('turns local off by default once an external provider is configured', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      AUTH_GITHUB_CLIENT_ID: 'a',
      AUTH_GITHUB_CLIENT_SECRET: 'b',
      WEB_DIST_DIR: 'none',
    });
    expect(config.auth.local).toBe(false);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), AUTH_LOCAL: 'true' }).auth.local).toBe(true);
  });

  it('refuses local sign-in on by default where others reach it, allows it when asked for', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), WEB_DIST_DIR: 'none' };
    const exposed = [
      { HOST: '0.0.0.0' },
      { HOST: '192.168.1.10' },
      { HOST: '::' },
      { DATABASE_URL: 'postgres://db.example/promptloom' },
    ];
    for (const env of exposed) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(
        /Local sign-in .* is on because no sign-in provider is configured/,
      );
      const allowed = loadConfig({ ...base, ...env, AUTH_LOCAL: 'true' });
      expect(allowed.auth.local).toBe(true);
      expect(allowed.localSignInWarning).toMatch(/^AUTH_LOCAL=true and .*sign in as any account/);
      expect(loadConfig({ ...base, ...env, AUTH_LOCAL: 'false' }).auth.local).toBe(false);
    }
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      const config = loadConfig({ ...base, HOST });
      expect(config.auth.local, HOST).toBe(true);
      expect(config.localSignInWarning).toBeNull();
    }
    // An external provider turns local off by default: nothing to refuse.
    const external = { AUTH_GITHUB_CLIENT_ID: 'a', AUTH_GITHUB_CLIENT_SECRET: 'b' };
    expect(loadConfig({ ...base, ...external, HOST: '0.0.0.0' }).auth.local).toBe(false);
  });
});

describe('external providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      publicUrl: 'https://promptloom.example',
      auth: { local: false, github: client('gh'), google: client('gg'), gitlab: client('gl') },
    });
  });
  afterAll(() => t.close());

  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual([
      { id: 'github', name: 'GitHub' },
      { id: 'google', name: 'Google' },
      { id: 'gitlab', name: 'GitLab' },
    ]);
    const local = await t.app.inject({ method: 'GET', url: '/api/auth/local' });
    expect(local.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/local/authorize?state=x' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'AUTH_PROVIDER_UNKNOWN' });
  });

  it.each([
    ['github', 'https://github.com/login/oauth/authorize', 'gh-client'],
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', 'gg-client'],
    ['gitlab', 'https://gitlab.com/oauth/authorize', 'gl-client'],
  ])(
    '%s: authorization URL with state, PKCE S256 and its own redirect URI',
    async (id, endpoint, clientId) => {
      const flow = await startFlow(t, id);
      const url = new URL(flow.authUrl);
      expect(`${url.origin}${url.pathname}`).toBe(endpoint);
      const q = url.searchParams;
      expect(q.get('response_type')).toBe('code');
      expect(q.get('client_id')).toBe(clientId);
      expect(q.get('redirect_uri')).toBe(`https://promptloom.example/auth/finalize/${id}`);
      expect(q.get('state')).toBe(flow.state);
      const kept = flowOf(flow.flowCookie);
      expect(kept.provider).toBe(id);
      expect(kept.state).toBe(flow.state);
      // 256 bits each (base64url of 32 bytes), RFC 9700 asks for at least 128.
      expect(kept.state).toMatch(/^[\w-]{43}$/);
      expect(kept.codeVerifier).toMatch(/^[\w-]{43}$/);
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toBe(s256(kept.codeVerifier));
      if (id === 'google') expect(q.get('nonce')).toBe(kept.nonce);
    },
  );

  it('starts a fresh flow each time', async () => {
    const a = await startFlow(t, 'github');
    const b = await startFlow(t, 'github');
    expect(a.state).not.toBe(b.state);
  });
});

describe('OpenAPI', () => {
  it('documents every auth route at /api/docs', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/auth/providers',
          '/api/auth/{provider}',
          '/api/auth/{provider}/finalize-login',
          '/api/auth/refresh',
          '/api/auth/logout',
          '/api/auth/me',
          '/api/auth/local/authorize',
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

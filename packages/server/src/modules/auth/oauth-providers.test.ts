import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlow } from './flow';
import { githubProvider, gitlabProvider } from './providers/arctic-providers';

const CLIENT = { clientId: 'the-client', clientSecret: 'the-secret' };
const PUBLIC_URL = 'https://promptloom.example';
const ACCESS_TOKEN = 'provider-access-token';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function bodyOf(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return new URLSearchParams(raw);
}

/**
 * A loopback authorization server speaking the GitHub and GitLab token and profile APIs.
 * Its token endpoint checks what a real one checks: client authentication, the code, the
 * redirect URI, and the PKCE verifier against the challenge of the authorization request.
 */
function startServer(challenges: Map<string, string>) {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (
        req.method === 'POST' &&
        ['/login/oauth/access_token', '/oauth/token'].includes(url.pathname)
      ) {
        const form = await bodyOf(req);
        const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64');
        const challenge = challenges.get(form.get('code') ?? '');
        const ok =
          req.headers.authorization === `Basic ${basic}` &&
          form.get('grant_type') === 'authorization_code' &&
          form.get('redirect_uri')?.startsWith(`${PUBLIC_URL}/auth/finalize/`) &&
          challenge !== undefined &&
          s256(form.get('code_verifier') ?? '') === challenge;
        if (!ok) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, { access_token: ACCESS_TOKEN, token_type: 'bearer' });
      }
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return json(res, 401, {});
      switch (url.pathname) {
        case '/user':
          return json(res, 200, {
            id: 4242,
            login: 'octocat',
            name: null,
            email: null,
            avatar_url: 'https://avatars.example/4242',
          });
        case '/user/emails':
          return json(res, 200, [
            { email: 'old@example.test', primary: false, verified: true },
            { email: 'octocat@example.test', primary: true, verified: true },
          ]);
        case '/api/v4/user':
          return json(res, 200, {
            id: 77,
            name: 'Tanuki',
            username: 'tanuki',
            email: 'tanuki@example.test',
            avatar_url: 'https://gitlab.example/77.png',
          });
        default:
          return json(res, 404, {});
      }
    })();
  });
  return server;
}

describe('GitHub and GitLab providers against a loopback authorization server', () => {
  const challenges = new Map<string, string>();
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = startServer(challenges);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The authorization request, as the provider's consent page would record it. */
  async function authorize(provider: ReturnType<typeof githubProvider>, code: string) {
    const flow = newFlow(provider.id, new Date());
    const url = new URL(await provider.authorizationUrl(flow));
    challenges.set(code, url.searchParams.get('code_challenge') ?? '');
    return flow;
  }

  it('github: exchanges the code with the PKCE verifier and reads the primary verified email', async () => {
    const github = githubProvider(CLIENT, PUBLIC_URL, {
      authorize: `${base}/login/oauth/authorize`,
      token: `${base}/login/oauth/access_token`,
      api: base,
    });
    const flow = await authorize(github, 'gh-code');
    const profile = await github.finish({ code: 'gh-code', flow, now: new Date() });
    expect(profile).toEqual({
      provider: 'github',
      subject: '4242',
      name: 'octocat',
      email: 'octocat@example.test',
      avatarUrl: 'https://avatars.example/4242',
    });
  });

  it('github: fails when the verifier is not the one of the authorization request', async () => {
    const github = githubProvider(CLIENT, PUBLIC_URL, {
      authorize: `${base}/login/oauth/authorize`,
      token: `${base}/login/oauth/access_token`,
      api: base,
    });
    await authorize(github, 'stolen-code');
    const attackerFlow = newFlow('github', new Date());
    await expect(
      github.finish({ code: 'stolen-code', flow: attackerFlow, now: new Date() }),
    ).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('gitlab: exchanges the code with PKCE and maps the profile', async () => {
    const gitlab = gitlabProvider(CLIENT, PUBLIC_URL, base);
    const flow = await authorize(gitlab, 'gl-code');
    expect(await gitlab.finish({ code: 'gl-code', flow, now: new Date() })).toEqual({
      provider: 'gitlab',
      subject: '77',
      name: 'Tanuki',
      email: 'tanuki@example.test',
      avatarUrl: 'https://gitlab.example/77.png',
    });
  });
});

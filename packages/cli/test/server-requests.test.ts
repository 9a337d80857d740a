import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMcp, makeProject, promptloom, texts } from './support';

/**
 * What the CLI sends a Promptloom server: a stand-in that records each request's headers and
 * refuses the token (so every command stops after one request).
 */
describe('requests to the server', () => {
  let server: Server;
  let port: number;
  let seen: IncomingHttpHeaders[];
  let config: Awaited<ReturnType<typeof makeProject>>;
  beforeAll(async () => {
    config = await makeProject({});
    server = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"error":"UNAUTHORIZED"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    seen = [];
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await config.cleanup();
  });

  const login = (url: string, env: Record<string, string>, ...extra: string[]) =>
    promptloom(['login', '--server', url, '--token', 'plt_test', ...extra], {
      env: { PROMPTLOOM_CONFIG_DIR: config.dir, ...env },
    });

  it('asks for the names in the locale’s language, or the one --lang gives', async () => {
    const local = `http://127.0.0.1:${port}`;
    const cases: [Record<string, string>, string[], string][] = [
      [{ LANG: 'fr_FR.UTF-8' }, [], 'fr-FR'],
      [{ LANG: 'fr_FR.UTF-8', LC_ALL: 'en_GB.UTF-8' }, [], 'en-GB'],
      [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'fr_CA.UTF-8' }, [], 'fr-CA'],
      [{ LANG: 'fr_FR.UTF-8' }, ['--lang', 'en'], 'en'],
      // Without a language, fetch's own default: any.
      [{ LANG: 'C.UTF-8' }, [], '*'],
      [{}, [], '*'],
    ];
    for (const [env, flags, language] of cases) {
      seen = [];
      const run = await login(local, env, ...flags);
      expect(run.stderr).toMatch(/access token was refused/);
      expect(seen).toHaveLength(1);
      expect(seen[0]!['accept-language'], JSON.stringify(env)).toBe(language);
    }
  });

  it('refuses to send the token over plain http to another machine unless --insecure', async () => {
    // 0.0.0.0 reaches this machine on Linux, but it is no loopback name: it stands for any
    // other host here.
    const remote = `http://0.0.0.0:${port}`;
    const refused = await login(remote, {});
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `error refusing to send the access token over plain http to ${remote}: use https, or pass --insecure`,
    );
    expect(seen).toHaveLength(0);

    const insecure = await login(remote, {}, '--insecure');
    expect(insecure.stderr).toContain(
      `warning sending the access token unencrypted to ${remote} (--insecure)`,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer plt_test');

    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const loopback = await login(`http://${host}:${port}`, {});
      expect(loopback.stderr, host).not.toMatch(/refusing|unencrypted/);
    }
  });

  it('does the same for the MCP tools', async () => {
    const env = (server: string) => ({
      PROMPTLOOM_SERVER: server,
      PROMPTLOOM_TOKEN: 'plt_test',
      LANG: 'fr_FR.UTF-8',
    });
    const local = await connectMcp(env(`http://127.0.0.1:${port}`));
    try {
      const list = await local.callTool({ name: 'list_compositions', arguments: {} });
      expect(texts(list)[0]).toMatch(/access token was refused/);
      expect(seen[0]!['accept-language']).toBe('fr-FR');
    } finally {
      await local.close();
    }
    seen = [];
    const remote = await connectMcp(env(`http://0.0.0.0:${port}`));
    try {
      const list = await remote.callTool({ name: 'list_compositions', arguments: {} });
      expect(list.isError).toBe(true);
      expect(texts(list)[0]).toMatch(/^refusing to send the access token over plain http/);
      expect(seen).toHaveLength(0);
    } finally {
      await remote.close();
    }
  });
});

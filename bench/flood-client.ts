// HTTP plumbing of the flood row (bench/flood.ts): a keep-alive connection that sends one
// request at a time and times it, and the built-in local sign-in driven over HTTP as the SPA
// drives it (packages/server/src/modules/auth/testing.ts does the same through app.inject).
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  ms: number;
  headers: http.IncomingHttpHeaders;
}

/**
 * One TCP connection, kept alive: an agent with a single socket, so every request of this
 * connection goes over it in turn. A status of 0 is a network error.
 */
export class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(
    private readonly base: URL,
    private readonly token?: string,
  ) {}

  /** `body` is JSON unless `headers` name another content type. */
  request(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(body !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : { 'content-length': 0 }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
              headers: res.headers,
            }),
          );
          res.on('error', () =>
            resolve({ status: 0, body: '', ms: performance.now() - started, headers: {} }),
          );
        },
      );
      req.on('error', () =>
        resolve({ status: 0, body: '', ms: performance.now() - started, headers: {} }),
      );
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const cookiePair = (headers: http.IncomingHttpHeaders) =>
  (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');

/** GET /api/auth/local → form post (Origin = the public URL) → finalize: an access token. */
export async function signInLocally(base: URL, name: string, email: string): Promise<string> {
  const conn = new Connection(base);
  try {
    const origin = base.origin;
    const started = await conn.request('GET', '/api/auth/local');
    if (started.status !== 200) throw new Error(`start: ${started.status} ${started.body}`);
    const { state } = JSON.parse(started.body) as { state: string };
    const flowCookie = cookiePair(started.headers);
    const form = new URLSearchParams({ state, name, email }).toString();
    const submitted = await conn.request('POST', '/api/auth/local/authorize', form, {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: flowCookie,
      origin,
    });
    const location = submitted.headers.location;
    if (submitted.status !== 302 || !location) throw new Error(`authorize: ${submitted.status}`);
    const code = new URL(location, origin).searchParams.get('code') ?? '';
    const finalized = await conn.request(
      'POST',
      '/api/auth/local/finalize-login',
      JSON.stringify({ code }),
      { cookie: flowCookie, origin },
    );
    if (finalized.status !== 200)
      throw new Error(`finalize: ${finalized.status} ${finalized.body}`);
    return (JSON.parse(finalized.body) as { accessToken: string }).accessToken;
  } finally {
    conn.close();
  }
}

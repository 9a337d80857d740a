/**
 * A signed-in client over plain HTTP (fetch), as the web app is to the API: it keeps the
 * refresh cookie itself and may send each request to any instance, as a load balancer would.
 */

const REFRESH_COOKIE = 'pl_refresh';
const FLOW_COOKIE = 'pl_oauth_flow';

/** `name=value` of every cookie a response sets; a cleared cookie comes back as ''. */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim()));
  }
  return cookies;
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
}

export interface HttpSession {
  /** The access token the client holds (a JWT, 15 minutes). */
  accessToken: string;
  /** The refresh token in the client's cookie; '' once the server cleared it. */
  refreshToken: string;
}

/** What every instance is configured with: the one address users reach them at. */
export interface Cluster {
  publicUrl: string;
  /** The client's address, as the proxy in front of the instances reports it. */
  clientAddress: string;
}

export function httpClient({ publicUrl, clientAddress }: Cluster) {
  // A browser on the public address sends it as Origin; the instances check it.
  const headers = (extra: Record<string, string> = {}) => ({
    origin: publicUrl,
    'x-forwarded-for': clientAddress,
    ...extra,
  });

  /** The built-in local sign-in (name and email), every step on `instance`. */
  async function signIn(
    instance: string,
    identity: { name: string; email: string },
  ): Promise<HttpSession> {
    const start = await fetch(`${instance}/api/auth/local`, { headers: headers() });
    await expectStatus(start, 200, 'start the local sign-in');
    const { authUrl, state } = (await start.json()) as { authUrl: string; state: string };
    const flowCookie = `${FLOW_COOKIE}=${encodeURIComponent(setCookies(start).get(FLOW_COOKIE) ?? '')}`;
    const form = await fetch(`${instance}${authUrl.split('?')[0]}`, {
      method: 'POST',
      redirect: 'manual',
      headers: headers({
        cookie: flowCookie,
        'content-type': 'application/x-www-form-urlencoded',
      }),
      body: new URLSearchParams({ state, ...identity }).toString(),
    });
    await expectStatus(form, 302, 'submit the local sign-in form');
    const back = new URL(form.headers.get('location') ?? '', publicUrl).searchParams;
    const finalize = await fetch(`${instance}/api/auth/local/finalize-login`, {
      method: 'POST',
      headers: headers({ cookie: flowCookie, 'content-type': 'application/json' }),
      body: JSON.stringify({ code: back.get('code'), state: back.get('state') }),
    });
    await expectStatus(finalize, 200, 'finalize the local sign-in');
    const { accessToken } = (await finalize.json()) as { accessToken: string };
    return { accessToken, refreshToken: setCookies(finalize).get(REFRESH_COOKIE) ?? '' };
  }

  /**
   * POST /api/auth/refresh on `instance` with the session's cookie: on success the session
   * holds the new access token and the rotated cookie. Resolves the status.
   */
  async function refresh(instance: string, session: HttpSession): Promise<number> {
    const response = await fetch(`${instance}/api/auth/refresh`, {
      method: 'POST',
      headers: headers({ cookie: `${REFRESH_COOKIE}=${session.refreshToken}` }),
    });
    if (response.ok) {
      session.accessToken = ((await response.json()) as { accessToken: string }).accessToken;
    } else {
      await response.body?.cancel();
    }
    session.refreshToken = setCookies(response).get(REFRESH_COOKIE) ?? session.refreshToken;
    return response.status;
  }

  /** An API call with the session's access token (and its cookie, as a browser sends it). */
  function call(
    instance: string,
    session: HttpSession,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<Response> {
    return fetch(`${instance}${path}`, {
      method: init.method ?? 'GET',
      headers: headers({
        authorization: `Bearer ${session.accessToken}`,
        cookie: `${REFRESH_COOKIE}=${session.refreshToken}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      }),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  /** The status of GET /api/auth/me on `instance` with the session's access token. */
  async function meStatus(instance: string, session: HttpSession): Promise<number> {
    const response = await call(instance, session, '/api/auth/me');
    await response.body?.cancel();
    return response.status;
  }

  return { headers, signIn, refresh, call, meStatus };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, apiRequest, configureApiAuth, setApiLanguage } from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

let token: string | null;
let refresh: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  token = 'token-1';
  refresh = vi.fn(() => Promise.resolve<string | null>(null));
  onSessionExpired = vi.fn();
  configureApiAuth({ getToken: () => token, refresh, onSessionExpired });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client requests', () => {
  it('sends the Bearer token, cookies, and a JSON content type only with a body', async () => {
    const fetchMock = mockFetch(() => json(200, { ok: true }));

    await api.get('/api/blocks');
    await api.post('/api/blocks', { name: 'A' });

    const [getUrl, getInit] = fetchMock.mock.calls[0]!;
    expect(getUrl).toBe('/api/blocks');
    expect(getInit.method).toBe('GET');
    expect(getInit.credentials).toBe('include');
    expect(headersOf(getInit)).toEqual({ Authorization: 'Bearer token-1' });
    expect(getInit.body).toBeUndefined();

    const [, postInit] = fetchMock.mock.calls[1]!;
    expect(postInit.method).toBe('POST');
    expect(headersOf(postInit)).toEqual({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
    expect(postInit.body).toBe('{"name":"A"}');
  });

  it('sends the UI language as Accept-Language once it is known', async () => {
    const fetchMock = mockFetch(() => json(200, []));
    setApiLanguage('fr');
    try {
      await api.get('/api/blocks');
    } finally {
      setApiLanguage(null);
    }
    expect(headersOf(fetchMock.mock.calls[0]![1])).toEqual({
      Authorization: 'Bearer token-1',
      'Accept-Language': 'fr',
    });
  });

  it('sends no Authorization header when no token is held', async () => {
    token = null;
    const fetchMock = mockFetch(() => json(200, []));
    await api.get('/api/auth/providers');
    expect(headersOf(fetchMock.mock.calls[0]![1])).toEqual({});
  });

  it('parses the answer with the given schema', async () => {
    mockFetch(() => json(200, { id: 'b1', extra: true }));
    const data = await api.get('/api/blocks/b1', z.object({ id: z.string() }));
    expect(data).toEqual({ id: 'b1' });
  });

  it('yields an empty object for a 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/blocks/b1')).resolves.toEqual({});
  });

  it("maps a non-OK answer to an ApiError with the body's error, code and field", async () => {
    mockFetch(() =>
      json(400, {
        error: 'Le nom ne peut pas être vide.',
        code: 'BLOCK_NAME_EMPTY',
        field: 'name',
      }),
    );
    const error = await api.post('/api/blocks', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Le nom ne peut pas être vide.',
      code: 'BLOCK_NAME_EMPTY',
      field: 'name',
    });
  });

  it('uses the status text when the error body is not JSON', async () => {
    mockFetch(() => new Response('<h1>oops</h1>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/blocks')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it("falls back to 'Invalid JSON response' without JSON or status text", async () => {
    mockFetch(() => new Response('not json', { status: 500, statusText: '' }));
    await expect(api.get('/api/blocks')).rejects.toMatchObject({
      status: 500,
      message: 'Invalid JSON response',
    });
  });

  it("reports 'Invalid JSON response' when a successful body is not JSON", async () => {
    mockFetch(() => new Response('<html>', { status: 200 }));
    await expect(api.get('/api/blocks')).rejects.toMatchObject({
      status: 200,
      message: 'Invalid JSON response',
    });
  });
});

describe('api client 401 handling', () => {
  /** A server that accepts only `token-2`; refresh hands it out after a delay. */
  function serverAccepting(valid: string): Handler {
    return (url, init) => {
      const auth = headersOf(init).Authorization;
      return auth === `Bearer ${valid}` ? json(200, { url }) : json(401, { error: 'expired' });
    };
  }

  it('runs exactly one refresh for concurrent 401s and replays every request', async () => {
    let release!: () => void;
    refresh.mockImplementation(
      () =>
        new Promise<string | null>((resolve) => {
          release = () => {
            token = 'token-2';
            resolve('token-2');
          };
        }),
    );
    const fetchMock = mockFetch(serverAccepting('token-2'));

    const requests = Promise.all([
      api.get('/api/blocks'),
      api.get('/api/compositions'),
      api.put('/api/settings', { globalIgnorePatterns: [] }),
    ]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    release();

    await expect(requests).resolves.toEqual([
      { url: '/api/blocks' },
      { url: '/api/compositions' },
      { url: '/api/settings' },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    const replays = fetchMock.mock.calls.slice(3);
    for (const [, init] of replays) {
      expect(headersOf(init).Authorization).toBe('Bearer token-2');
    }
    expect(replays[2]![1].body).toBe('{"globalIgnorePatterns":[]}');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('replays without a second refresh when the token was renewed meanwhile', async () => {
    const fetchMock = mockFetch((url, init) => {
      // The answer to the old token arrives after another request already renewed it.
      if (headersOf(init).Authorization === 'Bearer token-1') token = 'token-2';
      return serverAccepting('token-2')(url, init);
    });
    await expect(api.get('/api/blocks')).resolves.toEqual({ url: '/api/blocks' });
    expect(refresh).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('calls onSessionExpired once the refresh fails, and rejects with the 401', async () => {
    refresh.mockResolvedValue(null);
    const fetchMock = mockFetch(serverAccepting('never'));

    await expect(api.get('/api/blocks')).rejects.toMatchObject({ status: 401, message: 'expired' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats a refresh that throws as a failed refresh', async () => {
    refresh.mockRejectedValue(new Error('network down'));
    mockFetch(serverAccepting('never'));
    await expect(api.get('/api/blocks')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a 401 under /api/auth/', async () => {
    mockFetch(() => json(401, { error: 'Session invalide ou expirée.' }));
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

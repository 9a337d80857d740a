import type { z } from 'zod';

/** A failed API call: HTTP status, the server's `{error}` text and its stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How the client obtains and renews the access token; the auth feature provides it. */
export interface ApiAuth {
  getToken(): string | null;
  /** Renews the access token; resolves null when the session cannot be renewed. */
  refresh(): Promise<string | null>;
  /** Called once a 401 could not be fixed by a refresh. */
  onSessionExpired(): void;
  /**
   * Whether the held token ends soon: it is renewed before the request rather than after the
   * 401 it would get, which the browser writes to the console as an error.
   */
  expiresSoon?(): boolean;
}

let auth: ApiAuth = {
  getToken: () => null,
  refresh: () => Promise.resolve(null),
  onSessionExpired: () => {},
};
let refreshing: Promise<string | null> | null = null;
/** A token whose early renewal got no new one: it is sent as it is, and a 401 renews it. */
let notRenewed: string | null = null;
let language: string | null = null;

export function configureApiAuth(next: ApiAuth): void {
  auth = next;
}

/**
 * The UI language, sent as `Accept-Language`: the server's own text (shown when the app has
 * no translation of a code) then follows the app's language rather than the browser's.
 */
export function setApiLanguage(next: string | null): void {
  language = next;
}

/** One refresh shared by every request that hit a 401 at the same time. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= auth
    .refresh()
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

async function send(
  path: string,
  method: string,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (language) headers['Accept-Language'] = language;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/**
 * The token to replay with after a 401. When another request already renewed the
 * token while this one was in flight, its answer is stale: replay with the new token
 * instead of starting a second refresh (which would rotate the cookie again).
 */
async function renewedToken(sentWith: string | null): Promise<string | null> {
  const current = auth.getToken();
  if (current && current !== sentWith) return current;
  return refreshAccessToken();
}

/**
 * The token to send: the held one, renewed first when it ends soon. One renewal is shared by
 * the requests that start meanwhile, as after a 401; when it yields no token (the session has
 * ended, or the server could not be reached) the held one goes, and its 401 decides.
 */
async function tokenToSend(path: string): Promise<string | null> {
  const held = auth.getToken();
  if (!held || held === notRenewed || path.startsWith('/api/auth/') || !auth.expiresSoon?.())
    return held;
  const renewed = await refreshAccessToken();
  if (renewed) return renewed;
  notRenewed = held;
  return auth.getToken();
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown; field?: unknown };
    const message =
      typeof parsed.error === 'string' ? parsed.error : response.statusText || 'Request failed';
    return new ApiError(
      response.status,
      message,
      typeof parsed.code === 'string' ? parsed.code : undefined,
      typeof parsed.field === 'string' ? parsed.field : undefined,
    );
  } catch {
    return new ApiError(response.status, response.statusText || 'Invalid JSON response');
  }
}

/**
 * Same-origin JSON request: Bearer when a token is held (renewed first when it ends soon),
 * cookies included, one shared refresh and a replay on a 401 outside /api/auth, `{}` for a 204.
 */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T> = {},
): Promise<T> {
  const sentWith = await tokenToSend(path);
  let response = await send(path, method, body, sentWith, signal);
  if (response.status === 401 && !path.startsWith('/api/auth/')) {
    const token = await renewedToken(sentWith);
    if (!token) {
      auth.onSessionExpired();
      throw await toApiError(response);
    }
    response = await send(path, method, body, token, signal);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return {} as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.status, 'Invalid JSON response');
  }
  return schema ? schema.parse(data) : (data as T);
}

/**
 * Every item of a paged list (decision 038): the pages are read one after the other,
 * following `nextCursor`, so no single answer is larger than a few MB.
 */
async function getAllPages<Item>(
  path: string,
  schema: z.ZodType<{ items: Item[]; nextCursor: string | null }>,
  signal?: AbortSignal,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor
      ? `${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
      : '';
    const page = await apiRequest(`${path}${query}`, { schema, signal });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, signal?: AbortSignal) =>
    apiRequest(path, { schema, signal }),
  getAllPages,
  post: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: 'POST', body, schema }),
  put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: 'PUT', body, schema }),
  patch: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: 'PATCH', body, schema }),
  delete: <T>(path: string, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: 'DELETE', schema }),
};

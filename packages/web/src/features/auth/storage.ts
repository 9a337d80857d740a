import { authProviderIdSchema, type AuthProviderId } from '@promptloom/core/contract';

/** Local persistence: OAuth state in session storage, post-login path in local storage. */
const OAUTH_STATE_KEY = 'promptloom.oauthState';
const POST_LOGIN_PATH_KEY = 'promptloom.postLoginPath';

export interface PendingLogin {
  state: string;
  provider: AuthProviderId;
}

/** Remembers which provider started the login, so the callback knows where to finalize. */
export function savePendingLogin(pending: PendingLogin): void {
  sessionStorage.setItem(OAUTH_STATE_KEY, JSON.stringify(pending));
}

/** Reads and forgets the pending login: a state is good for one callback only. */
export function takePendingLogin(): PendingLogin | null {
  const raw = sessionStorage.getItem(OAUTH_STATE_KEY);
  sessionStorage.removeItem(OAUTH_STATE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { state?: unknown; provider?: unknown };
    const provider = authProviderIdSchema.safeParse(parsed.provider);
    if (typeof parsed.state !== 'string' || !parsed.state || !provider.success) return null;
    return { state: parsed.state, provider: provider.data };
  } catch {
    return null;
  }
}

/** Only same-app paths are kept, so a crafted value can never send the user off-site. */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login');
}

export function savePostLoginPath(path: string): void {
  if (isAppPath(path)) localStorage.setItem(POST_LOGIN_PATH_KEY, path);
}

/** The path that signing in will return to, left in place (null: none kept). */
export function peekPostLoginPath(): string | null {
  const path = localStorage.getItem(POST_LOGIN_PATH_KEY);
  return path && isAppPath(path) ? path : null;
}

/**
 * Whether a path opens a shared block: a private link (`/share/<token>`) or a library item
 * (`/shared/<id>`). Only the kind of page is known before signing in, never the block.
 */
export function opensSharedBlock(path: string | null): boolean {
  return path !== null && /^\/shared?\/[^/?#]+/.test(path);
}

/** The path to return to after signing in (then forgotten), or `/`. */
export function takePostLoginPath(): string {
  const path = localStorage.getItem(POST_LOGIN_PATH_KEY);
  localStorage.removeItem(POST_LOGIN_PATH_KEY);
  return path && isAppPath(path) && !path.startsWith('/auth/') ? path : '/';
}

import type { AuthProviderId } from '@promptloom/core';
import { CodeChallengeMethod, Google, OAuth2Client, decodeIdToken } from 'arctic';
import type { ProviderProfile } from '../users.service';
import { ProviderError, redirectUriFor, type FinishInput, type LoginProvider } from './types';

type Client = { clientId: string; clientSecret: string };

const USER_AGENT = 'Promptloom';

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': USER_AGENT,
    },
  });
  if (!res.ok) throw new ProviderError(`${url} answered ${res.status}`);
  return res.json();
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const idOf = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value) ? String(value) : null;

/** Where GitHub lives; tests point it at a loopback server. */
export const GITHUB_ENDPOINTS = {
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  api: 'https://api.github.com',
};

/** What tells one OAuth 2.0 provider from another, its profile aside. */
interface PkceSettings {
  id: AuthProviderId;
  name: string;
  endpoints: { authorize: string; token: string };
  scopes: string[];
}

/**
 * A provider through arctic's generic OAuth 2.0 client, with PKCE S256: `profile` reads who
 * signed in with the access token the code redeems.
 */
function pkceProvider(
  client: Client,
  publicUrl: string,
  provider: PkceSettings,
  profile: (accessToken: string) => Promise<ProviderProfile>,
): LoginProvider {
  const { id, name, endpoints, scopes } = provider;
  const oauth = new OAuth2Client(
    client.clientId,
    client.clientSecret,
    redirectUriFor(publicUrl, id),
  );
  return {
    id,
    name,
    authorizationUrl: (flow) =>
      Promise.resolve(
        oauth
          .createAuthorizationURLWithPKCE(
            endpoints.authorize,
            flow.state,
            CodeChallengeMethod.S256,
            flow.codeVerifier,
            scopes,
          )
          .toString(),
      ),
    async finish({ code, flow }: FinishInput): Promise<ProviderProfile> {
      const tokens = await oauth.validateAuthorizationCode(
        endpoints.token,
        code,
        flow.codeVerifier,
      );
      return profile(tokens.accessToken());
    },
  };
}

/** GitHub through arctic's generic client: GitHub accepts PKCE S256, arctic's GitHub class does not send it. */
export function githubProvider(
  client: Client,
  publicUrl: string,
  endpoints = GITHUB_ENDPOINTS,
): LoginProvider {
  const github: PkceSettings = {
    id: 'github',
    name: 'GitHub',
    endpoints,
    scopes: ['read:user', 'user:email'],
  };
  return pkceProvider(client, publicUrl, github, async (token) => {
    const user = (await getJson(`${endpoints.api}/user`, token)) as Record<string, unknown>;
    const subject = idOf(user.id);
    if (!subject) throw new ProviderError('GitHub user without id');
    let email = str(user.email);
    if (!email) {
      // The profile email is the public one; the primary verified address needs user:email.
      const emails = (await getJson(`${endpoints.api}/user/emails`, token)) as Array<
        Record<string, unknown>
      >;
      email = str(emails.find((e) => e.primary === true && e.verified === true)?.email);
    }
    return {
      provider: 'github',
      subject,
      name: str(user.name) ?? str(user.login) ?? subject,
      email,
      avatarUrl: str(user.avatar_url),
    };
  });
}

/** GitLab through arctic's generic client, with PKCE S256; gitlab.com unless told otherwise. */
export function gitlabProvider(
  client: Client,
  publicUrl: string,
  base = 'https://gitlab.com',
): LoginProvider {
  const endpoints = { authorize: `${base}/oauth/authorize`, token: `${base}/oauth/token` };
  const gitlab: PkceSettings = { id: 'gitlab', name: 'GitLab', endpoints, scopes: ['read_user'] };
  return pkceProvider(client, publicUrl, gitlab, async (token) => {
    const user = (await getJson(`${base}/api/v4/user`, token)) as Record<string, unknown>;
    const subject = idOf(user.id);
    if (!subject) throw new ProviderError('GitLab user without id');
    return {
      provider: 'gitlab',
      subject,
      name: str(user.name) ?? str(user.username) ?? subject,
      email: str(user.email),
      avatarUrl: str(user.avatar_url),
    };
  });
}

/**
 * Google with PKCE and a nonce. The ID token comes straight from Google's token endpoint
 * over TLS (OIDC Core §3.1.3.7 allows skipping its signature then); its audience, issuer,
 * expiry and nonce are still checked.
 */
export function googleProvider(client: Client, publicUrl: string): LoginProvider {
  const google = new Google(
    client.clientId,
    client.clientSecret,
    redirectUriFor(publicUrl, 'google'),
  );
  return {
    id: 'google',
    name: 'Google',
    authorizationUrl(flow) {
      const url = google.createAuthorizationURL(flow.state, flow.codeVerifier, [
        'openid',
        'profile',
        'email',
      ]);
      url.searchParams.set('nonce', flow.nonce);
      return Promise.resolve(url.toString());
    },
    async finish({ code, flow }: FinishInput): Promise<ProviderProfile> {
      const tokens = await google.validateAuthorizationCode(code, flow.codeVerifier);
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      const issuers = ['https://accounts.google.com', 'accounts.google.com'];
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
      if (
        !issuers.includes(String(claims.iss)) ||
        !audience.includes(client.clientId) ||
        claims.nonce !== flow.nonce ||
        // Google's clock, not the app's: its tokens live in real time.
        expiresAt <= Date.now()
      ) {
        throw new ProviderError('Google ID token rejected');
      }
      const subject = str(claims.sub);
      if (!subject) throw new ProviderError('Google ID token without sub');
      return {
        provider: 'google',
        subject,
        name: str(claims.name) ?? str(claims.email) ?? subject,
        email: claims.email_verified === false ? null : str(claims.email),
        avatarUrl: str(claims.picture),
      };
    },
  };
}

import * as client from 'openid-client';
import type { ProviderProfile } from '../users.service';
import { ProviderError, redirectUriFor, type FinishInput, type LoginProvider } from './types';

interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Any OpenID Connect issuer, by discovery (openid-client v6): PKCE S256, state, nonce,
 * and the ID token's signature, iss, aud, exp and nonce all checked.
 */
export function oidcProvider(settings: OidcSettings, publicUrl: string): LoginProvider {
  const redirectUri = redirectUriFor(publicUrl, 'oidc');
  const issuerUrl = new URL(settings.issuer);
  let discovered: Promise<client.Configuration> | null = null;

  /** Discovered once and kept; a failed discovery is retried on the next sign-in. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuerUrl, settings.clientId, settings.clientSecret, undefined, {
        execute: [
          // Without it the ID token's signature is not verified when it comes from the token endpoint.
          client.enableNonRepudiationChecks,
          // Plain http only for an issuer on this machine (development, tests).
          ...(issuerUrl.protocol === 'http:' && LOOPBACK.has(issuerUrl.hostname)
            ? [client.allowInsecureRequests]
            : []),
        ],
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  return {
    id: 'oidc',
    name: settings.name,
    async authorizationUrl(flow) {
      const config = await configuration();
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid profile email',
          response_type: 'code',
          state: flow.state,
          nonce: flow.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },
    async finish({ code, flow, iss }: FinishInput): Promise<ProviderProfile> {
      const config = await configuration();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', flow.state);
      // RFC 9207: the issuer the SPA received is checked when it forwarded one. Without it
      // the per-provider redirect URI (RFC 9700 §4.4.2) already tells which issuer answered.
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) {
        callback.searchParams.set('iss', iss ?? metadata.issuer);
      }
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ProviderError('OIDC token response without ID token');
      let info: Record<string, unknown> = claims;
      if (!claims.name || !claims.email) {
        try {
          info = {
            ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)),
            ...claims,
          };
        } catch {
          // The userinfo endpoint is optional; the ID token's claims are enough to sign in.
        }
      }
      const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
      return {
        provider: 'oidc',
        subject: claims.sub,
        name: text(info.name) ?? text(info.preferred_username) ?? text(info.email) ?? claims.sub,
        email: text(info.email),
        avatarUrl: text(info.picture),
      };
    },
  };
}

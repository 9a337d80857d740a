import type { AuthProvider, AuthProviderId } from '@promptloom/core';
import type { AppConfig } from '../../../config';
import { githubProvider, gitlabProvider, googleProvider } from './arctic-providers';
import { localProvider } from './local';
import { oidcProvider } from './oidc';
import type { LoginProvider } from './types';

export type { LoginProvider } from './types';
export { ProviderError } from './types';

/** The enabled providers, in the order the login page shows them. */
export function buildProviders(config: AppConfig): Map<AuthProviderId, LoginProvider> {
  const { auth, publicUrl } = config;
  const list: LoginProvider[] = [];
  if (auth.github) list.push(githubProvider(auth.github, publicUrl));
  if (auth.google) list.push(googleProvider(auth.google, publicUrl));
  if (auth.gitlab) list.push(gitlabProvider(auth.gitlab, publicUrl));
  if (auth.oidc) list.push(oidcProvider(auth.oidc, publicUrl));
  if (auth.local) list.push(localProvider(config.jwtSecret));
  return new Map(list.map((p) => [p.id, p]));
}

export const describeProviders = (providers: Map<AuthProviderId, LoginProvider>): AuthProvider[] =>
  [...providers.values()].map(({ id, name }) => ({ id, name }));

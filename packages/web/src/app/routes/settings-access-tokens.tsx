import { AccessTokensPage } from '../../features/access-tokens';

/** /settings/access-tokens. */
export function Component() {
  return <AccessTokensPage />;
}

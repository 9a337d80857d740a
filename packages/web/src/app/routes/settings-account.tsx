import { AccountPage } from '../../features/account';

/** /settings/account. */
export function Component() {
  return <AccountPage />;
}

import { CompositionsPage } from '../../features/compositions';

/** /settings/compositions. */
export function Component() {
  return <CompositionsPage />;
}

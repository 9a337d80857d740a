import { LibraryPage } from '../../features/library';

export function Component() {
  return <LibraryPage />;
}

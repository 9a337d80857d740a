import { LibraryPage } from '../../features/library';
import { UpdatesForYou } from '../../features/sharing';

export function Component() {
  return <LibraryPage top={<UpdatesForYou />} />;
}

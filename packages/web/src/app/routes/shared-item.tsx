import { useParams } from 'react-router';
import { SharedItemPage } from '../../features/library';

export function Component() {
  const { sharedItemId = '' } = useParams();
  // Keyed so moving between items starts from a clean page state.
  return <SharedItemPage key={sharedItemId} id={sharedItemId} />;
}

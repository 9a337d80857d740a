import { useParams } from 'react-router';
import { useBlocks } from '../../features/blocks';
import { SharedItemPage } from '../../features/library';

export function Component() {
  const { sharedItemId = '' } = useParams();
  const { data: blocks } = useBlocks();
  const subscription = blocks?.find(
    (block) => block.subscription?.sharedItemId === sharedItemId && !block.subscription.detached,
  )?.subscription;
  // Keyed so moving between items starts from a clean page state.
  return (
    <SharedItemPage
      key={sharedItemId}
      id={sharedItemId}
      subscribedVersion={subscription?.subscribedVersion}
    />
  );
}

import { useParams } from 'react-router';
import { ShareTokenPage } from '../../features/library';

export function Component() {
  const { token = '' } = useParams();
  return <ShareTokenPage key={token} token={token} />;
}

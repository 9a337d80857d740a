import { WorkspacePage } from '../../features/workspace';

export function Component() {
  return <WorkspacePage />;
}

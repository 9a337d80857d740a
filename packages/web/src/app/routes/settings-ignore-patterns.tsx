import { IgnorePatternsPage } from '../../features/ignore-patterns';

export function Component() {
  return <IgnorePatternsPage />;
}

import { PlaceholderPage } from '../placeholder-page';

export function Component() {
  return <PlaceholderPage titleKey="nav.generator" />;
}

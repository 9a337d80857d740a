export function Component() {
  return <div />;
}

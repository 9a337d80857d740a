import { useRef } from 'react';
import { shallow } from 'zustand/shallow';

/**
 * `value`, but the same object as last render while each of its fields is the same (Object.is):
 * a memo or effect can depend on it as a whole without listing its fields a second time.
 */
export function useShallowStable<T extends object>(value: T): T {
  const held = useRef(value);
  if (!shallow(held.current, value)) held.current = value;
  return held.current;
}

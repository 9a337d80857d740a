import type { Block } from '@promptloom/core';

/** A user's static block for component tests; `over` sets what the test is about. */
export const testBlock = (id: string, name: string, over: Partial<Block> = {}): Block => ({
  id,
  name,
  description: null,
  content: 'x',
  type: 'STATIC',
  color: null,
  category: null,
  isSystemBlock: false,
  systemBehavior: 'NONE',
  subscription: null,
  sharedVersion: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});

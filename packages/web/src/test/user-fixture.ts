import type { User } from '@promptloom/core';

/** A signed-in user for component tests; `over` sets what the test is about. */
export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  provider: 'local',
  ...over,
});

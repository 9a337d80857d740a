import type { User } from '@promptloom/core';
import { useAuthStore } from '../features/auth';

/** A signed-in user for component tests; `over` sets what the test is about. */
export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  provider: 'local',
  ...over,
});

/** The auth store as after a sign-in: `user` signed in with `accessToken`, start-up done. */
export function signInTestUser(user: User = testUser(), accessToken = 'token'): User {
  useAuthStore.setState({
    status: 'authenticated',
    user,
    accessToken,
    booting: false,
    endedBy: null,
  });
  return user;
}

import { useShallow } from 'zustand/react/shallow';
import { useAuthStore, type AuthStatus } from './store';
import type { User } from '@promptloom/core/contract';

export interface AuthView {
  status: AuthStatus;
  user: User | null;
  isAuthenticated: boolean;
}

/** The signed-in user and the auth status, for components. */
export function useAuth(): AuthView {
  const { status, user } = useAuthStore(useShallow((s) => ({ status: s.status, user: s.user })));
  return { status, user, isAuthenticated: status === 'authenticated' && user !== null };
}

/**
 * The signed-in user's id, or null while signing in or signed out. Key every user
 * query with it and enable the query only when it is set (see index.ts).
 */
export function useCurrentUserId(): string | null {
  return useAuthStore((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));
}

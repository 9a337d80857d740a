import type { User } from '@promptloom/core/contract';
import { create } from 'zustand';

export type AuthStatus = 'loading' | 'authorizing' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Memory only: never persisted; a reload renews it from the refresh cookie. */
  accessToken: string | null;
  /** True while the start-up refresh runs: the app shows its 'loading app' screen. */
  booting: boolean;
  /** Start-up could not reach the server (network error or 5xx): not a sign-out. */
  unreachable: boolean;
  /** How the last session ended; a user's own log-out does not remember the page. */
  endedBy: 'user' | 'expired' | null;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  accessToken: null,
  booting: true,
  unreachable: false,
  endedBy: null,
};

/** Auth session: user, status, accessToken. Actions live in session.ts. */
export const useAuthStore = create<AuthState>(() => ({ ...initialAuthState }));

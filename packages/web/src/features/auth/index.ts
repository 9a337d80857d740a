/**
 * The auth feature's public surface.
 *
 * Queries of user data run only when signed in and are keyed per user, so
 * one user's cache can never answer for another:
 *
 *   const userId = useCurrentUserId();
 *   useQuery({
 *     queryKey: ['blocks', userId],
 *     queryFn: fetchBlocks,
 *     enabled: userId !== null,
 *   });
 *
 * Mutations invalidate with the same key (`['blocks', userId]`). Log-out clears the
 * whole query cache and runs every reset of lib/reset-registry.ts: each store or database
 * that keeps a user's data registers there where it is defined, so auth never imports features.
 */
export { useAuth, useCurrentUserId } from './hooks';
export { useProviders } from './api';
export { logout, retryStartAuth, startAuth } from './session';
export { SignOutEverywhere } from './components/sign-out-everywhere';
export { useAuthStore } from './store';
export { LoginPage } from './components/login-page';
export { FinalizePage } from './components/finalize-page';
export { savePostLoginPath } from './storage';

import { createBrowserRouter } from 'react-router';
import { BootFallback } from './boot-fallback';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * The app's routes (docs/product.md describes each screen). Each page is a lazy module in
 * ./routes exporting `Component` (and optionally its own `ErrorBoundary`), so features load
 * on demand.
 *
 * Errors: every page below the shell is caught by RouteErrorBoundary, rendered inside
 * the shell so navigation keeps working; /login and /auth/finalize export their own.
 * The root's own ErrorBoundary (routes/root) catches the rest with a branded page, and
 * the catch-all route answers every unknown address with the 404 page.
 */
export const router = createBrowserRouter([
  {
    lazy: () => import('./routes/root'),
    HydrateFallback: BootFallback,
    children: [
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/auth/finalize', lazy: () => import('./routes/auth-finalize') },
      // External providers return to a redirect URI of their own (docs/decisions/002).
      { path: '/auth/finalize/:provider', lazy: () => import('./routes/auth-finalize') },
      { path: '*', Component: NotFoundPage },
      {
        lazy: () => import('./routes/protected-shell'),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: () => import('./routes/workspace') },
              { path: '/library', lazy: () => import('./routes/library') },
              { path: '/share/:token', lazy: () => import('./routes/share-token') },
              { path: '/shared/:sharedItemId', lazy: () => import('./routes/shared-item') },
              { path: '/settings/blocks', lazy: () => import('./routes/settings-blocks') },
              {
                path: '/settings/compositions',
                lazy: () => import('./routes/settings-compositions'),
              },
              {
                path: '/settings/ignore-patterns',
                lazy: () => import('./routes/settings-ignore-patterns'),
              },
              {
                path: '/settings/access-tokens',
                lazy: () => import('./routes/settings-access-tokens'),
              },
              { path: '/settings/account', lazy: () => import('./routes/settings-account') },
            ],
          },
        ],
      },
    ],
  },
]);

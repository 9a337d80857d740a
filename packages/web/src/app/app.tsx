import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import '../lib/i18n';
import { BootFallback } from './boot-fallback';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}

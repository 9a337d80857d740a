import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { queryClient } from '../lib/query-client';
import '../lib/i18n';
import { router } from './router';

/** Until the translations arrive there is no text to show: a bare spinner. */
function BootFallback() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner className="size-8 text-indigo-600" />
    </div>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}

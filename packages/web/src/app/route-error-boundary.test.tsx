import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { RouteErrorBoundary } from './route-error-boundary';

function Crash({ error }: { error: unknown }): never {
  throw error;
}

function openCrashing(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [{ path: '/', element: <Crash error={error} />, ErrorBoundary: RouteErrorBoundary }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows the error box with the error title and message', () => {
    openCrashing(new Error('Cannot read the blocks'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Cannot read the blocks');
    expect(screen.getByRole('link', { name: 'Back to the generator' })).toBeTruthy();
  });

  it('translates an API error by its code', () => {
    openCrashing(new ApiError(404, 'Ressource introuvable.', 'NOT_FOUND'));
    expect(screen.getByRole('alert').textContent).toContain('Resource not found.');
  });

  it('falls back to the unknown-error sentence', () => {
    openCrashing('boom');
    expect(screen.getByRole('alert').textContent).toContain('An unknown error occurred.');
  });
});

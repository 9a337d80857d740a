import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { IgnorePatternsPage } from './ignore-patterns-page';
import { json } from '../../../test/api-stub';
import { signInTestUser } from '../../../test/user-fixture';

const NODE_TEMPLATE = [
  { category: 'Logs', patterns: ['logs', '*.log'] },
  { category: 'Dependency directories', patterns: ['node_modules/'] },
];

/** An in-memory stand-in for the settings API, keeping what PUT stores. */
function mockSettingsApi(saved: string[], { failSave = false } = {}) {
  let stored = saved;
  const puts: string[][] = [];
  const settings = () => ({
    coreSystemIgnorePatterns: [...CORE_SYSTEM_IGNORE_PATTERNS],
    globalIgnorePatterns: stored,
    systemAuthorId: null,
    defaultCompositionId: null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const key = `${init.method} ${url}`;
      if (key === 'GET /api/settings') return Promise.resolve(json(200, settings()));
      if (key === 'PUT /api/settings') {
        if (failSave) {
          return Promise.resolve(
            json(400, { error: 'Ce motif existe déjà.', code: 'IGNORE_PATTERN_DUPLICATE' }),
          );
        }
        const body = JSON.parse(init.body as string) as { globalIgnorePatterns: string[] };
        puts.push(body.globalIgnorePatterns);
        stored = body.globalIgnorePatterns;
        return Promise.resolve(json(200, settings()));
      }
      if (key === 'GET /api/settings/gitignore-templates') {
        return Promise.resolve(json(200, ['Node', 'Python', 'Global/macOS']));
      }
      if (key === 'GET /api/settings/gitignore-templates/Node') {
        return Promise.resolve(json(200, NODE_TEMPLATE));
      }
      return Promise.resolve(json(404, { error: 'not found' }));
    }),
  );
  return { puts };
}

function openPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/settings/ignore-patterns', Component: IgnorePatternsPage },
      { path: '/', element: <p>generator page</p> },
    ],
    { initialEntries: ['/settings/ignore-patterns'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const chips = (group: string) =>
  within(screen.getByRole('region', { name: group }))
    .getAllByRole('button', { name: /^Remove pattern / })
    .map((b) => b.getAttribute('aria-label')?.replace('Remove pattern ', ''));

beforeEach(() => {
  signInTestUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('IgnorePatternsPage', () => {
  it('groups saved patterns by category next to the read-only system group', async () => {
    mockSettingsApi(['tmp/', '# Logs', '*.log']);
    openPage();
    await screen.findByRole('heading', { name: 'Ignore patterns', level: 1 });
    expect(chips('Custom patterns')).toEqual(['tmp/']);
    expect(chips('Logs')).toEqual(['*.log']);
    const system = screen.getByRole('region', { name: 'Version control' });
    expect(within(system).getByText('.git/')).toBeTruthy();
    expect(within(system).queryByRole('button')).toBeNull();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('enables save only while the set differs from the saved one', async () => {
    const user = userEvent.setup();
    const { puts } = mockSettingsApi(['# Logs', '*.log']);
    openPage();
    const input = await screen.findByLabelText('Add a pattern');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toHaveProperty('disabled', true);

    await user.type(input, '  dist/  {Enter}');
    expect(chips('Custom patterns')).toEqual(['dist/']);
    expect(saveButton()).toHaveProperty('disabled', false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    // Undoing the change makes the page clean again.
    await user.click(screen.getByRole('button', { name: 'Remove pattern dist/' }));
    expect(saveButton()).toHaveProperty('disabled', true);

    await user.type(input, 'coverage/');
    await user.click(add);
    // Add turns disabled once the field empties: focus is back in the field, not lost.
    expect(document.activeElement).toBe(input);
    await user.click(saveButton());
    await waitFor(() => expect(puts).toEqual([['coverage/', '# Logs', '*.log']]));
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', true));
  });

  it('keeps focus on the chips while removing them one by one', async () => {
    const user = userEvent.setup();
    mockSettingsApi(['a/', 'b/', 'c/']);
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Remove pattern b/' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove pattern c/' }));
    await user.click(screen.getByRole('button', { name: 'Remove pattern c/' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove pattern a/' }));
  });

  it('refuses duplicates and comment lines with the rule message', async () => {
    const user = userEvent.setup();
    mockSettingsApi(['tmp/']);
    openPage();
    const input = await screen.findByLabelText('Add a pattern');
    await user.type(input, 'tmp/{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'This pattern already exists in this category.',
    );
    await user.clear(input);
    await user.type(input, '#notes{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/cannot start with #/);
    expect(input).toHaveProperty('maxLength', 500);
  });

  it('loads a template by Merge or Replace from a searchable list', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    mockSettingsApi(['tmp/', '# Logs', '*.log']);
    openPage();
    await screen.findByLabelText('Add a pattern');

    await user.click(screen.getByRole('button', { name: 'Load a template' }));
    const search = screen.getByRole('combobox', { name: 'Search templates' });
    await user.type(search, 'nothing-like-this');
    expect(screen.getByText('No template matches your search.')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'nod{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Load the “Node” template' });
    await within(dialog).findByText(/This template holds 3 patterns in 2 categories/);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('Template “Node” merged. Save to keep it.');
    expect(chips('Custom patterns')).toEqual(['tmp/']);
    expect(chips('Logs')).toEqual(['*.log', 'logs']);
    expect(chips('Dependency directories')).toEqual(['node_modules/']);

    await user.click(screen.getByRole('button', { name: 'Load a template' }));
    await user.click(screen.getByRole('option', { name: 'Node' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Custom patterns' })).toBeNull(),
    );
    expect(chips('Logs')).toEqual(['logs', '*.log']);
  });

  it('shows a save error in the user language by code', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    mockSettingsApi([], { failSave: true });
    openPage();
    await user.type(await screen.findByLabelText('Add a pattern'), 'a{Enter}');
    await user.click(saveButton());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This pattern already exists in this category.'),
    );
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    mockSettingsApi([]);
    const router = openPage();
    await user.type(await screen.findByLabelText('Add a pattern'), 'a{Enter}');
    void router.navigate('/');
    // The blocker holds the navigation while the (root-mounted) confirm dialog asks.
    await waitFor(() =>
      expect([...router.state.blockers.values()].map((b) => b.state)).toContain('blocked'),
    );
    expect(router.state.location.pathname).toBe('/settings/ignore-patterns');
  });
});

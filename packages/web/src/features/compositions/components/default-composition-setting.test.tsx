import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { DefaultCompositionSetting } from './default-composition-setting';
import { signInTestUser, testUser } from '../../../test/user-fixture';

function renderSetting() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DefaultCompositionSetting compositions={[]} />
    </QueryClientProvider>,
  );
}

describe('the default composition picker', () => {
  beforeEach(() => {
    signInTestUser(testUser({ name: 'Ada', email: null }), 'jwt');
    const settings = {
      coreSystemIgnorePatterns: [],
      globalIgnorePatterns: [],
      systemAuthorId: null,
      defaultCompositionId: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(settings), { status: 200 }))),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('keeps the built-in option short and lists its blocks under the select, in both languages', async () => {
    renderSetting();
    const select = screen.getByRole('combobox', { name: 'Composition for new projects' });
    await vi.waitFor(() => expect(select).toHaveProperty('disabled', false));
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Built-in composition');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Its blocks: Project structure, Selected files content, .*\.$/,
    );

    await i18n.changeLanguage('fr');
    await screen.findByRole('option', { name: 'Composition par défaut', selected: true });
    expect(
      screen.getByRole('combobox', { name: 'Composition des nouveaux projets' }),
    ).toHaveProperty('value', '');
    expect(screen.getByText(/^Ses blocs : Structure du projet, /)).toBeTruthy();
  });
});

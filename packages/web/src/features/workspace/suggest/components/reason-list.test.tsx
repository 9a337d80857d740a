import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { ReasonList } from './reason-list';

describe('ReasonList', () => {
  it('says a file defines, reads, uses or sits in a folder of a flag the request names, in the user’s language', async () => {
    const reasons = [
      { kind: 'flag', flag: '--print0', defines: true, message: '' },
      { kind: 'flag', flag: '--no-ignore-dot', defines: false, message: '' },
      { kind: 'flag', flag: '--no-sort', defines: false, uses: 'Sort', message: '' },
      { kind: 'flag', flag: '--exec', defines: false, folder: 'src/exec/', message: '' },
    ] as const;
    const { unmount } = render(<ReasonList reasons={reasons} />);
    expect(screen.getByText('defines --print0, named in the request')).toBeDefined();
    expect(screen.getByText('reads --no-ignore-dot, named in the request')).toBeDefined();
    expect(screen.getByText('uses Sort, set by --no-sort')).toBeDefined();
    expect(screen.getByText('in src/exec/, the folder --exec names')).toBeDefined();
    unmount();
    await act(() => i18n.changeLanguage('fr'));
    render(<ReasonList reasons={reasons} />);
    expect(screen.getByText('définit --print0, cité dans la demande')).toBeDefined();
    expect(screen.getByText('lit --no-ignore-dot, cité dans la demande')).toBeDefined();
    expect(screen.getByText('utilise Sort, réglé par --no-sort')).toBeDefined();
    expect(screen.getByText('dans src/exec/, le dossier que nomme --exec')).toBeDefined();
    await act(() => i18n.changeLanguage('en'));
  });

  it('names the scoped package whose entry file it is, in the user’s language', async () => {
    const reasons = [{ kind: 'package', name: '@babel/generator', message: '' }] as const;
    const { unmount } = render(<ReasonList reasons={reasons} />);
    expect(screen.getByText('entry of @babel/generator, named in the request')).toBeDefined();
    unmount();
    await act(() => i18n.changeLanguage('fr'));
    render(<ReasonList reasons={reasons} />);
    expect(
      screen.getByText("point d'entrée de @babel/generator, nommé dans la demande"),
    ).toBeDefined();
    await act(() => i18n.changeLanguage('en'));
  });

  it('sets two reasons apart with a drawn dot that screen readers skip', () => {
    render(
      <ReasonList
        reasons={[
          { kind: 'path', word: 'subtract', message: '' },
          { kind: 'text', words: ['subtract'], message: '' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'path matches “subtract”',
      '·text uses subtract',
    ]);
    const dot = items[1]!.querySelector('[aria-hidden]');
    expect(dot?.textContent).toBe('·');
    expect(items[0]!.querySelector('[aria-hidden]')).toBeNull();
  });
});

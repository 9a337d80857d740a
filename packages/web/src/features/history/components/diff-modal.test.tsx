import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { closeDiff, showDiff } from '../lib/diff-store';
import { DiffModal } from './diff-modal';

const base = { filePath: 'big.txt', oldContent: 'small\n', snapshotAt: 0, redacted: false };

// The viewer's state is a module store: each test starts with it closed.
afterEach(() => act(closeDiff));

describe('DiffModal', () => {
  it('shows the last prompt’s version with the reason when the current file cannot be read', () => {
    render(<DiffModal />);
    act(() =>
      showDiff({ ...base, newContent: '', unavailable: 'big.txt cannot be read as text.' }),
    );
    expect(screen.getByRole('dialog', { name: 'Changes in big.txt' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('big.txt cannot be read as text.');
    expect(screen.getByLabelText(/^Last prompt/).textContent).toBe('small\n');
  });

  it('says that secrets show redacted on both sides, and gives focus back on close', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Diff</button>
        <DiffModal />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Diff' });
    opener.focus();
    act(() => showDiff({ ...base, newContent: 'small\n', redacted: true, unavailable: null }));
    expect(
      screen.getByText('Secrets the last prompt redacted are shown redacted on both sides.'),
    ).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

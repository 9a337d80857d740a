import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onFolderChosen } from '../lib/folder-chosen';
import { useConnectionStore } from '../stores/connection-store';
import { useFolderActions } from './use-folder-actions';

function Upload() {
  return useFolderActions().uploadInput;
}

describe('a folder upload', () => {
  it("announces the folder's name before its files are listed", () => {
    const seen: { name: string; listed: boolean }[] = [];
    const stop = onFolderChosen((name) =>
      seen.push({ name, listed: useConnectionStore.getState().provider !== null }),
    );
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <Upload />
      </QueryClientProvider>,
    );
    const input = container.querySelector('input[type="file"]')!;
    const file = new File(['x'], 'a.ts');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'demo/src/a.ts' });
    fireEvent.change(input, { target: { files: [file] } });
    stop();
    // Named while the connection still has no provider: before the Files are listed.
    expect(seen).toEqual([{ name: 'demo', listed: false }]);
    expect(useConnectionStore.getState().provider?.rootName).toBe('demo');
  });
});

import { MemoryFileProvider, type PromptInput, type PromptItem } from '@promptloom/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTokenStore } from '../stores/token-store';
import { withReadProgress } from './read-progress';

const files = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${i}.ts`, `x${i}`]));
const filesBlock: PromptItem = { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true };

function input(paths: string[], items: PromptItem[] = [filesBlock]): PromptInput {
  return {
    items,
    finalRequest: '',
    mode: 'PROJECT',
    selectedFiles: paths,
    project: {
      name: 'demo',
      provider: new MemoryFileProvider(files),
      root: { type: 'directory', name: 'demo', path: '', size: 0, mtime: 0, children: [] },
      fileCount: paths.length,
    },
  };
}

beforeEach(() => useTokenStore.setState({ progress: { done: 9, total: 9 } }));

describe('withReadProgress', () => {
  it('reports the selected files read, up to the last one', async () => {
    const paths = Object.keys(files);
    const counted = withReadProgress(input(paths), () => false);
    expect(useTokenStore.getState().progress).toEqual({ done: 0, total: 250 });
    await counted.project!.provider.readFile('f0.ts');
    await Promise.all(paths.slice(1).map((p) => counted.project!.provider.readFile(p)));
    expect(useTokenStore.getState().progress).toEqual({ done: 250, total: 250 });
    // A read beyond the selection (the changes block's) does not count past it.
    await counted.project!.provider.readFile('f1.ts');
    expect(useTokenStore.getState().progress).toEqual({ done: 250, total: 250 });
  });

  it('leaves the read-out alone until a typed key has been drawn', async () => {
    const paths = Object.keys(files);
    const counted = withReadProgress(input(paths), () => false);
    window.dispatchEvent(new Event('input'));
    await counted.project!.provider.readFile('f0.ts');
    expect(useTokenStore.getState().progress).toEqual({ done: 0, total: 250 });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await counted.project!.provider.readFile('f1.ts');
    expect(useTokenStore.getState().progress).toEqual({ done: 2, total: 250 });
  });

  it('counts a file left unread because its count is known as done', async () => {
    const paths = Object.keys(files);
    const counted = withReadProgress(input(paths), () => false);
    for (const path of paths.slice(0, 200)) expect(counted.knownFile!(path)).toBe(true);
    await Promise.all(paths.slice(200).map((p) => counted.project!.provider.readFile(p)));
    expect(useTokenStore.getState().progress).toEqual({ done: 250, total: 250 });
  });

  it('shows nothing for a small selection or without a files block', () => {
    const small = input(['f0.ts', 'f1.ts']);
    expect(withReadProgress(small, () => false)).toBe(small);
    expect(useTokenStore.getState().progress).toBeNull();
    useTokenStore.setState({ progress: { done: 1, total: 1 } });
    withReadProgress(input(Object.keys(files), [{ ...filesBlock, isActive: false }]), () => false);
    expect(useTokenStore.getState().progress).toBeNull();
  });

  it('leaves the store alone once a newer count has started', async () => {
    let stale = false;
    const counted = withReadProgress(input(Object.keys(files)), () => stale);
    stale = true;
    await counted.project!.provider.readFile('f0.ts');
    expect(useTokenStore.getState().progress).toEqual({ done: 0, total: 250 });
  });
});

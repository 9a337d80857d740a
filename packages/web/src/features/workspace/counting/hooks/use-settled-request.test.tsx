import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePromptStore } from '../../session';
import { useSettledRequest } from './use-settled-request';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSettledRequest', () => {
  it('gives the request once typing pauses, re-rendering once per pause, not per key', () => {
    vi.useFakeTimers();
    act(() => usePromptStore.getState().setFinalRequest('demo', ''));
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useSettledRequest('demo', 300);
    });
    const rendersBefore = renders;
    for (const typed of ['E', 'Ex', 'Exp', 'Expl']) {
      act(() => {
        usePromptStore.getState().setFinalRequest('demo', typed);
        vi.advanceTimersByTime(100);
      });
    }
    expect(result.current).toBe('');
    expect(renders).toBe(rendersBefore);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toBe('Expl');
    expect(renders).toBe(rendersBefore + 1);
  });

  it('settles on another project’s request after the same pause', () => {
    vi.useFakeTimers();
    act(() => {
      usePromptStore.getState().setFinalRequest('one', 'First');
      usePromptStore.getState().setFinalRequest('two', 'Second');
    });
    const { result, rerender } = renderHook(({ project }) => useSettledRequest(project, 300), {
      initialProps: { project: 'one' },
    });
    expect(result.current).toBe('First');
    rerender({ project: 'two' });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toBe('Second');
  });
});

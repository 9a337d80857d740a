import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePromptStore, useSessionStore } from '../../session';
import { useTokenStore } from '../stores/token-store';
import { useTokensSettled } from './use-token-count';

describe('useTokensSettled', () => {
  it('re-renders its reader when the answer flips, not on every keystroke of the request', () => {
    act(() => {
      useSessionStore.setState({ projectName: 'demo' });
      useTokenStore.setState({ calculating: false, basePending: false, countedRequest: '' });
    });
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useTokensSettled();
    });
    expect(result.current).toBe(true);
    const rendersBefore = renders;

    for (const typed of ['E', 'Ex', 'Exp', 'Expl']) {
      act(() => usePromptStore.getState().setFinalRequest('demo', typed));
    }
    expect(result.current).toBe(false);
    expect(renders).toBe(rendersBefore + 1);

    act(() => useTokenStore.setState({ countedRequest: 'Expl' }));
    expect(result.current).toBe(true);
    act(() => useTokenStore.setState({ calculating: true }));
    expect(result.current).toBe(false);
  });
});

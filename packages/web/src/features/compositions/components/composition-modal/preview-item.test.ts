import { describe, expect, it } from 'vitest';
import { newPreviewItem, toggleBlock } from './preview-item';

describe('toggleBlock', () => {
  it('adds an absent block as a new active instance at the end', () => {
    const items = toggleBlock([newPreviewItem('a')], 'b');
    expect(items.map((i) => [i.blockId, i.isActive])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(new Set(items.map((i) => i.instanceId)).size).toBe(2);
  });

  it('removes the last instance of a present block', () => {
    const first = newPreviewItem('a');
    const last = newPreviewItem('a');
    const items = toggleBlock([first, newPreviewItem('b'), last], 'a');
    expect(items.map((i) => i.blockId)).toEqual(['a', 'b']);
    expect(items[0]).toBe(first);
  });
});

import type { Block } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { testBlock } from '../../../test/block-fixture';
import { groupBlocks } from './group-blocks';

const block = (over: Partial<Block>): Block =>
  testBlock(over.name ?? 'x', 'x', { content: 'c', ...over });

describe('groupBlocks', () => {
  it('puts system blocks first, categories alphabetically, uncategorised last', () => {
    const groups = groupBlocks([
      block({ name: 'none' }),
      block({ name: 'zeta', category: 'Zeta' }),
      block({ name: 'sys', isSystemBlock: true, category: 'Blocs Fondamentaux' }),
      block({ name: 'alpha', category: 'Alpha' }),
      block({ name: 'task', type: 'DYNAMIC_TASK' }),
      block({ name: 'alpha2', category: 'Alpha' }),
    ]);
    expect(groups.map((g) => [g.category, g.blocks.map((b) => b.name)])).toEqual([
      [null, ['sys']],
      ['Alpha', ['alpha', 'alpha2']],
      ['Tâche Dynamique', ['task']],
      ['Zeta', ['zeta']],
      ['Sans catégorie', ['none']],
    ]);
    expect(groups[0]?.isSystem).toBe(true);
  });

  it('has no system group without system blocks', () => {
    expect(groupBlocks([block({})]).map((g) => g.isSystem)).toEqual([false]);
  });
});

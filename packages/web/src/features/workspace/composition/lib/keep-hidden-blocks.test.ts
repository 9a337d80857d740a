import { describe, expect, it } from 'vitest';
import { keepHiddenBlocks, type SavedItem } from './keep-hidden-blocks';

const saved = (spec: string): SavedItem[] =>
  spec.split(' ').map((id) => ({ blockId: id.replace('*', ''), hidden: id.endsWith('*') }));

describe('keepHiddenBlocks', () => {
  it('puts the hidden blocks back where they were', () => {
    expect(keepHiddenBlocks(saved('s* a f* b c d'), ['a', 'b', 'c', 'd'])).toEqual([
      's',
      'a',
      'f',
      'b',
      'c',
      'd',
    ]);
  });

  it('keeps the edits to the visible blocks (order, removals, additions)', () => {
    expect(keepHiddenBlocks(saved('s* a f* b'), ['b', 'a', 'x'])).toEqual([
      's',
      'b',
      'f',
      'a',
      'x',
    ]);
    expect(keepHiddenBlocks(saved('a b c s*'), ['a'])).toEqual(['a', 's']);
  });

  it('does not add a hidden block twice when the composition still has it', () => {
    expect(keepHiddenBlocks(saved('s* a'), ['s', 'a'])).toEqual(['s', 'a']);
    expect(keepHiddenBlocks(saved('s* a s*'), ['a', 's'])).toEqual(['a', 's', 's']);
  });

  it('changes nothing without hidden blocks', () => {
    expect(keepHiddenBlocks(saved('a b'), ['b'])).toEqual(['b']);
  });
});

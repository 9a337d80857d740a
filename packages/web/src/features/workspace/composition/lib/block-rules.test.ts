import type { BlockType } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { libraryInsertIndex } from './block-rules';

const TYPES: Record<string, BlockType> = {
  tree: 'PROJECT_STRUCTURE',
  files: 'SELECTED_FILES_CONTENT',
  task: 'DYNAMIC_TASK',
  task2: 'DYNAMIC_TASK',
  note: 'STATIC',
  format: 'ANSWER_FORMAT',
};
const items = (...ids: string[]) => ids.map((blockId) => ({ blockId }));
const at = (ids: string[], added: string) =>
  libraryInsertIndex(items(...ids), (id) => TYPES[id], { type: TYPES[added]! });

describe('libraryInsertIndex', () => {
  it('puts a block added from the library before the request that ends the composition', () => {
    expect(at(['tree', 'files', 'task'], 'format')).toBe(2);
    expect(at(['tree', 'task', 'task2'], 'note')).toBe(1);
  });

  it('appends when the composition does not end with a request, or the block is one', () => {
    expect(at(['task', 'tree', 'files'], 'format')).toBe(3);
    expect(at([], 'note')).toBe(0);
    expect(at(['tree', 'task'], 'task2')).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { BlockType } from '../contract/blocks';
import { defaultCompositionBlockIds } from './default-composition';

const block = (id: string, type: BlockType, isSystemBlock = false) => ({ id, type, isSystemBlock });
const SYSTEM = [
  block('info', 'PROJECT_INFO', true),
  block('tree', 'PROJECT_STRUCTURE', true),
  block('files', 'SELECTED_FILES_CONTENT', true),
  block('format', 'ANSWER_FORMAT', true),
  block('task', 'DYNAMIC_TASK', true),
];
const composition = (id: string, blockIds: string[]) => ({
  id,
  // Stored in any order: the items' order field decides.
  blocks: blockIds.map((blockId, order) => ({ blockId, order })).reverse(),
});

describe('defaultCompositionBlockIds', () => {
  it('is the structure, the selected files, the answer format and the request when the user chose none', () => {
    expect(defaultCompositionBlockIds(SYSTEM, [], null)).toEqual([
      'tree',
      'files',
      'format',
      'task',
    ]);
  });

  it("prefers the user's system block of a type over their own blocks of it", () => {
    const blocks = [block('my-task', 'DYNAMIC_TASK'), ...SYSTEM, block('note', 'STATIC')];
    expect(defaultCompositionBlockIds(blocks, [], null)).toEqual([
      'tree',
      'files',
      'format',
      'task',
    ]);
    // A type the user has no block of is left out.
    expect(defaultCompositionBlockIds([block('my-task', 'DYNAMIC_TASK')], [], null)).toEqual([
      'my-task',
    ]);
  });

  it('is the chosen composition, in its order, while it and all its blocks exist', () => {
    const blocks = [...SYSTEM, block('note', 'STATIC')];
    const mine = composition('c1', ['note', 'files', 'note', 'task']);
    expect(defaultCompositionBlockIds(blocks, [mine], 'c1')).toEqual([
      'note',
      'files',
      'note',
      'task',
    ]);
    // Deleted, or holding a block the user no longer has: the built-in one.
    expect(defaultCompositionBlockIds(blocks, [], 'c1')).toEqual([
      'tree',
      'files',
      'format',
      'task',
    ]);
    expect(defaultCompositionBlockIds(SYSTEM, [mine], 'c1')).toEqual([
      'tree',
      'files',
      'format',
      'task',
    ]);
  });
});

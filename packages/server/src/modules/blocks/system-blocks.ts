import {
  DEFAULT_CATEGORY,
  DYNAMIC_TASK_COLOR,
  serializeDynamicTaskContent,
  SYSTEM_BLOCK_TEXTS,
  SYSTEM_BLOCK_COLOR,
  type BlockType,
} from '@promptloom/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks } from '../../db/schema';

interface SystemBlockSeed {
  type: BlockType;
  name: string;
  description: string;
  content: string;
  category: string;
  color: string;
}

/**
 * The blocks every account starts with (DESIGN §6). The three project blocks are filled
 * at generation time from the project; their content only explains that and cannot be
 * edited. The dynamic task carries the user's final request between a prefix and suffix.
 */
export const SYSTEM_BLOCKS: readonly SystemBlockSeed[] = [
  {
    type: 'PROJECT_INFO',
    ...SYSTEM_BLOCK_TEXTS.PROJECT_INFO,
    category: DEFAULT_CATEGORY.core,
    color: SYSTEM_BLOCK_COLOR,
  },
  {
    type: 'PROJECT_STRUCTURE',
    ...SYSTEM_BLOCK_TEXTS.PROJECT_STRUCTURE,
    category: DEFAULT_CATEGORY.core,
    color: SYSTEM_BLOCK_COLOR,
  },
  {
    type: 'SELECTED_FILES_CONTENT',
    ...SYSTEM_BLOCK_TEXTS.SELECTED_FILES_CONTENT,
    category: DEFAULT_CATEGORY.core,
    color: SYSTEM_BLOCK_COLOR,
  },
  {
    type: 'DYNAMIC_TASK',
    name: SYSTEM_BLOCK_TEXTS.DYNAMIC_TASK.name,
    description: SYSTEM_BLOCK_TEXTS.DYNAMIC_TASK.description,
    content: serializeDynamicTaskContent({ prefix: '', suffix: '' }),
    category: DEFAULT_CATEGORY.dynamicTask,
    color: DYNAMIC_TASK_COLOR,
  },
];

/**
 * Creates the system blocks the user does not have yet. Idempotent: a second call (or a
 * later sign-in) adds nothing, and a type added to SYSTEM_BLOCKS later reaches old accounts.
 */
export async function ensureSystemBlocks(tx: DbOrTx, userId: string): Promise<void> {
  const existing = await tx
    .select({ type: blocks.type })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.isSystemBlock, true)));
  const present = new Set(existing.map((row) => row.type));
  const missing = SYSTEM_BLOCKS.filter((seed) => !present.has(seed.type));
  if (missing.length === 0) return;
  await tx.insert(blocks).values(
    missing.map((seed) => ({
      ...seed,
      userId,
      isSystemBlock: true,
      systemBehavior: 'INDELETABLE' as const,
    })),
  );
}

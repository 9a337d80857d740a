import {
  DEFAULT_CATEGORY,
  DYNAMIC_TASK_COLOR,
  serializeDynamicTaskContent,
  SYSTEM_BLOCK_TEXTS,
  SYSTEM_BLOCK_COLOR,
  type BlockType,
} from '@promptloom/core';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
 * The blocks every account starts with. The project blocks are filled at
 * generation time from the project (the answer format from the instance's mode); their
 * content only explains that and cannot be edited. The dynamic task carries the user's
 * final request between a prefix and suffix.
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
    type: 'CHANGES_SINCE_LAST_PROMPT',
    ...SYSTEM_BLOCK_TEXTS.CHANGES_SINCE_LAST_PROMPT,
    category: DEFAULT_CATEGORY.core,
    color: SYSTEM_BLOCK_COLOR,
  },
  {
    type: 'ANSWER_FORMAT',
    ...SYSTEM_BLOCK_TEXTS.ANSWER_FORMAT,
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
  await tx.insert(blocks).values(missing.map((seed) => systemBlockRow(seed, userId)));
}

function systemBlockRow(seed: SystemBlockSeed, userId: string) {
  return { ...seed, userId, isSystemBlock: true, systemBehavior: 'INDELETABLE' as const };
}

/** Rows per insert statement while backfilling (well under PostgreSQL's 65,535 parameters). */
const BACKFILL_CHUNK = 1_000;

/**
 * Gives every existing account the system blocks added since it was created (decision 047):
 * run by the start-up seed, under its lock, so a type added to SYSTEM_BLOCKS reaches every
 * user once, before any request. Accounts are those holding system blocks already (the
 * library's system author holds none). Returns the number of blocks created.
 */
export async function backfillSystemBlocks(tx: DbOrTx): Promise<number> {
  const other = alias(blocks, 'other');
  let created = 0;
  for (const seed of SYSTEM_BLOCKS) {
    const lacking = await tx
      .selectDistinct({ userId: blocks.userId })
      .from(blocks)
      .where(
        and(
          eq(blocks.isSystemBlock, true),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(other)
              .where(
                and(
                  eq(other.userId, blocks.userId),
                  eq(other.isSystemBlock, true),
                  eq(other.type, seed.type),
                ),
              ),
          ),
        ),
      );
    for (let start = 0; start < lacking.length; start += BACKFILL_CHUNK) {
      const chunk = lacking.slice(start, start + BACKFILL_CHUNK);
      await tx.insert(blocks).values(chunk.map(({ userId }) => systemBlockRow(seed, userId)));
    }
    created += lacking.length;
  }
  return created;
}

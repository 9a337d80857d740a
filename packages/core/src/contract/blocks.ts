import { z } from 'zod';
import {
  DEFAULT_CATEGORY,
  BLOCK_CATEGORY_MAX,
  BLOCK_COLOR_MAX,
  BLOCK_CONTENT_MAX,
  BLOCK_DESCRIPTION_MAX,
  BLOCK_NAME_MAX,
} from '../limits';
import { coded } from './errors';
import { nameText } from './names';
import { pageSchema } from './paging';
import { idParam, text } from './text';

export const BLOCK_TYPES = [
  'STATIC',
  'DYNAMIC_TASK',
  'PROJECT_INFO',
  'PROJECT_STRUCTURE',
  'SELECTED_FILES_CONTENT',
  'ANSWER_FORMAT',
  'CHANGES_SINCE_LAST_PROMPT',
] as const;
export const blockTypeSchema = z.enum(BLOCK_TYPES, coded('BLOCK_TYPE_INVALID'));
export type BlockType = z.infer<typeof blockTypeSchema>;

/** NONE for user blocks; any other value marks a system block that cannot be shared. */
export const SYSTEM_BEHAVIORS = ['NONE', 'INDELETABLE'] as const;
export const systemBehaviorSchema = z.enum(SYSTEM_BEHAVIORS);
export type SystemBehavior = z.infer<typeof systemBehaviorSchema>;

/** Blank optional text is stored as null, so "no category" has one representation. */
const optionalText = (max: number, tooLong: Parameters<typeof coded>[0], base = text) =>
  base()
    .trim()
    .max(max, coded(tooLong))
    .nullish()
    .transform((value) => (value ? value : null));

/** Content may be blank only for DYNAMIC_TASK, whose content is the prefix/suffix JSON. */
export function refineBlockContent(
  block: { type: BlockType; content: string },
  ctx: z.RefinementCtx,
): void {
  if (block.type !== 'DYNAMIC_TASK' && block.content.trim() === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['content'],
      message: coded('BLOCK_CONTENT_EMPTY').error,
    });
  }
}

/**
 * Body of POST /api/blocks and PUT /api/blocks/{id}. Content may be
 * empty only for DYNAMIC_TASK, whose content is the prefix/suffix JSON.
 */
export const blockBodySchema = z
  .object({
    name: nameText(coded('BLOCK_NAME_EMPTY'))
      .trim()
      .min(1, coded('BLOCK_NAME_EMPTY'))
      .max(BLOCK_NAME_MAX, coded('BLOCK_NAME_TOO_LONG')),
    content: text(coded('BLOCK_CONTENT_EMPTY')).max(
      BLOCK_CONTENT_MAX,
      coded('BLOCK_CONTENT_TOO_LONG'),
    ),
    type: blockTypeSchema,
    // A category heads a group of blocks, in the library too: it is a name.
    category: optionalText(BLOCK_CATEGORY_MAX, 'BLOCK_CATEGORY_TOO_LONG', nameText),
    color: optionalText(BLOCK_COLOR_MAX, 'BLOCK_COLOR_TOO_LONG'),
    description: optionalText(BLOCK_DESCRIPTION_MAX, 'BLOCK_DESCRIPTION_TOO_LONG'),
  })
  .superRefine(refineBlockContent);
/** What a form holds before parsing (category/colour/description may be blank or absent). */
export type BlockBodyInput = z.input<typeof blockBodySchema>;
export type BlockBody = z.output<typeof blockBodySchema>;

/** Why a subscription stopped following its item: the link was revoked, or the item deleted. */
export const SUBSCRIPTION_DETACHED_REASONS = ['REVOKED', 'DELETED'] as const;
export type SubscriptionDetachedReason = (typeof SUBSCRIPTION_DETACHED_REASONS)[number];

export const blockSubscriptionSchema = z.object({
  id: z.string(),
  subscribedVersion: z.number().int(),
  /** Null once the author deleted the item. */
  sharedItemId: z.string().nullable(),
  /** Set when the copy no longer follows its item; the block itself stays the user's. */
  detached: z.enum(SUBSCRIPTION_DETACHED_REASONS).nullable(),
});
export type BlockSubscription = z.infer<typeof blockSubscriptionSchema>;

/** The shared item this block is the source of (the author's side). */
export const blockSharedVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  authorId: z.string(),
  /** The author's block differs (name or content) from `version`: not yet published. */
  edited: z.boolean(),
});
export type BlockSharedVersion = z.infer<typeof blockSharedVersionSchema>;

/** A block as the API answers it: every field of a block. */
export const blockSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  content: z.string(),
  type: z.enum(BLOCK_TYPES),
  color: z.string().nullable(),
  category: z.string().nullable(),
  isSystemBlock: z.boolean(),
  systemBehavior: systemBehaviorSchema,
  subscription: blockSubscriptionSchema.nullable(),
  sharedVersion: blockSharedVersionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** GET /api/blocks: one page of the user's blocks (decision 038). */
export const blockPageSchema = pageSchema(blockSchema);
/** GET /api/blocks/categories: distinct category names, defaults applied. */
export const blockCategoriesSchema = z.array(z.string());

export const blockParamsSchema = z.object({ id: idParam() });

/**
 * The category a block is shown under: its own, else the
 * dynamic-task category, the core category for system blocks, or 'Sans catégorie'.
 */
export function blockCategory(block: Pick<Block, 'category' | 'type' | 'isSystemBlock'>): string {
  if (block.category) return block.category;
  if (block.type === 'DYNAMIC_TASK') return DEFAULT_CATEGORY.dynamicTask;
  if (block.isSystemBlock) return DEFAULT_CATEGORY.core;
  return DEFAULT_CATEGORY.uncategorised;
}

import { z } from 'zod';
import { COMPOSITION_ITEMS_MAX, COMPOSITION_ITEMS_MIN, COMPOSITION_NAME_MAX } from '../limits';
import { BLOCK_TYPES } from './blocks';
import { coded } from './errors';
import { nameText } from './names';
import { cleanText, idParam } from './text';
import { pageSchema } from './paging';

/** Body of POST /api/compositions and PUT /api/compositions/{id}. */
export const compositionBodySchema = z.object({
  name: nameText(coded('COMPOSITION_NAME_EMPTY'))
    .trim()
    .min(1, coded('COMPOSITION_NAME_EMPTY'))
    .max(COMPOSITION_NAME_MAX, coded('COMPOSITION_NAME_TOO_LONG')),
  blockIds: z
    .array(
      z.cuid2(coded('COMPOSITION_BLOCK_ID_INVALID')).superRefine(cleanText),
      coded('COMPOSITION_BLOCKS_EMPTY'),
    )
    .min(COMPOSITION_ITEMS_MIN, coded('COMPOSITION_BLOCKS_EMPTY'))
    .max(COMPOSITION_ITEMS_MAX, coded('COMPOSITION_BLOCKS_TOO_MANY')),
});
export type CompositionBody = z.infer<typeof compositionBodySchema>;

/** One ordered item, with a summary of its block so lists need no second query. */
export const compositionItemSchema = z.object({
  blockId: z.string(),
  order: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  type: z.enum(BLOCK_TYPES),
});
export type CompositionItem = z.infer<typeof compositionItemSchema>;

export const compositionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Sorted by `order`, which counts 0, 1, 2… without gaps. */
  blocks: z.array(compositionItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Composition = z.infer<typeof compositionSchema>;

/** GET /api/compositions: one page of the user's compositions (decision 038). */
export const compositionPageSchema = pageSchema(compositionSchema);

export const compositionParamsSchema = z.object({ id: idParam() });

import { z } from 'zod';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../limits';
import { coded } from './errors';
import { text } from './text';

/**
 * Query of a paged list (decision 038): `cursor` is the `nextCursor` of the previous page
 * (opaque; absent for the first page), `limit` the most items wanted. A page also stops
 * before its JSON passes LIST_PAGE_BYTES_MAX, so it may hold fewer items than `limit`.
 */
export const pageQuerySchema = z.object({
  cursor: text().max(512, coded('CURSOR_INVALID')).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIST_PAGE_MAX)
    .default(LIST_PAGE_DEFAULT)
    .describe(`Most items in the page (1–${LIST_PAGE_MAX})`),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of `item`s; `nextCursor` is null on the last page. */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

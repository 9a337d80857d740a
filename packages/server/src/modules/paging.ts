import {
  apiErrorSchema,
  LIST_PAGE_BYTES_MAX,
  pageQuerySchema,
  type Page,
  type PageQuery,
} from '@promptloom/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../http-error';

/** Where a list stands: the sort key of the last item of the previous page (decision 038). */
export type SortKey = readonly (string | number)[];

export const encodeCursor = (key: SortKey): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key a cursor holds, checked against the list's key shape; 400 CURSOR_INVALID if not. */
export function decodeCursor(
  cursor: string | undefined,
  shape: readonly ('string' | 'number')[],
): SortKey | null {
  if (cursor === undefined) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === shape.length &&
      key.every((part, i) =>
        // A number of a key is an integer (a rank, a millisecond time): 1.5 or 1e300 would
        // reach the database's integer comparison and fail there.
        shape[i] === 'number' ? Number.isSafeInteger(part) : typeof part === shape[i],
      )
    ) {
      return key as SortKey;
    }
  } catch {
    // Not base64url JSON: the same answer as a key of the wrong shape.
  }
  throw badRequest('CURSOR_INVALID');
}

export interface PageEntry<Item> {
  item: Item;
  key: SortKey;
}

/**
 * A page from the entries that follow the cursor, in order: at most `limit` of them, stopping
 * before the JSON passes `bytesMax` (the first one always goes in, so a page is never empty
 * while items remain). More entries than fit means there is a next page.
 */
export function cutPage<Item>(
  entries: readonly PageEntry<Item>[],
  limit: number,
  bytesMax = LIST_PAGE_BYTES_MAX,
): Page<Item> {
  const items: Item[] = [];
  let bytes = 2;
  let last: SortKey | null = null;
  for (const entry of entries.slice(0, limit)) {
    const size = Buffer.byteLength(JSON.stringify(entry.item)) + 1;
    if (items.length > 0 && bytes + size > bytesMax) break;
    items.push(entry.item);
    bytes += size;
    last = entry.key;
  }
  const more = entries.length > items.length;
  return { items, nextCursor: more && last ? encodeCursor(last) : null };
}

/**
 * For a list sorted in memory (a user's compositions or shared items: their count is bounded
 * by the quotas): the entries after the cursor's key, as many as `cutPage` may need.
 */
export function entriesAfter<Item>(
  sorted: readonly PageEntry<Item>[],
  compare: (a: SortKey, b: SortKey) => number,
  after: SortKey | null,
  limit: number,
): PageEntry<Item>[] {
  const start = after ? sorted.findIndex((entry) => compare(entry.key, after) > 0) : 0;
  return start < 0 ? [] : sorted.slice(start, start + limit + 1);
}

/**
 * A route's answer with `change` made to it when it is one item, or to each item when it is a
 * page of them; anything else (an error, a 204) as it is. For a hook that rewrites the items
 * of every answer of a resource, whichever of the two shapes a route answers with.
 */
export function mapItemOrPage<Item>(
  payload: unknown,
  isItem: (value: unknown) => value is Item,
  change: (item: Item) => Item,
): unknown {
  if (isItem(payload)) return change(payload);
  if (typeof payload === 'object' && payload !== null && 'items' in payload) {
    const page = payload as { items: unknown[] };
    return { ...page, items: page.items.map((item) => (isItem(item) ? change(item) : item)) };
  }
  return payload;
}

/**
 * The GET route of a paged list of the caller's items (decision 038): the paging query, the
 * page, a 400 for a cursor or limit it refuses; `what` names the items in the API's summary.
 */
export function pageRoute<PageSchema extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  doc: { tags: string[]; what: string; page: PageSchema },
  list: (userId: string, query: PageQuery) => Promise<z.input<PageSchema>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      schema: {
        tags: doc.tags,
        summary: `One page of ${doc.what}; follow nextCursor for the next`,
        querystring: pageQuerySchema,
        response: { 200: doc.page, 400: apiErrorSchema },
      },
    },
    // Typed by `list`'s signature: a generic schema's reply type cannot be resolved here.
    (request) => list(request.userId, request.query) as never,
  );
}

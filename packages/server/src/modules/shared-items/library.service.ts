import {
  normalizeTag,
  type LibraryResponse,
  type LibrarySort,
  type Page,
  type PageQuery,
  type SharedItem,
  type SharedItemSummary,
  type TagCount,
} from '@promptloom/core';
import { LIBRARY_PAGE_SIZE, LIBRARY_RECOMMENDED_MAX, LIBRARY_TAGS_MAX } from '../../limits';
import { and, arrayContains, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sharedItems, unlistedAccess, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import {
  listedInLibrary,
  loadItem,
  notExpired,
  searchVector,
  selectSummaries,
  toSummary,
} from './queries';
import { cutPage, decodeCursor, entriesAfter, type SortKey } from '../paging';
import { SYSTEM_AUTHOR } from './system-author';

export interface LibraryParams {
  search?: string;
  tags?: string;
  sortBy: LibrarySort;
  page: number;
}

/** Words of a search box as a prefix tsquery ("secur rev" → 'secur:* & rev:*'), or null. */
export function toPrefixQuery(search: string | undefined): string | null {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export function parseTags(tags: string | undefined): string[] {
  return [...new Set((tags ?? '').split(',').map(normalizeTag).filter(Boolean))];
}

const ORDER: Record<LibrarySort, SQL[]> = {
  createdAt: [desc(sharedItems.createdAt), desc(sharedItems.id)],
  likes: [desc(sharedItems.likeCount), desc(sharedItems.createdAt), desc(sharedItems.id)],
  downloads: [desc(sharedItems.downloadCount), desc(sharedItems.createdAt), desc(sharedItems.id)],
};

/** GET /api/shared-items: public, unexpired items matching search and every tag, paged. */
export async function listLibrary(
  db: DbOrTx,
  userId: string,
  params: LibraryParams,
  now: Date,
): Promise<LibraryResponse> {
  const conditions = [listedInLibrary(now)];
  const query = toPrefixQuery(params.search);
  if (query) conditions.push(sql`${searchVector} @@ to_tsquery('simple', ${query})`);
  const tags = parseTags(params.tags);
  if (tags.length) conditions.push(arrayContains(sharedItems.tags, tags));
  const where = and(...conditions);

  const [totalRow] = await db.select({ total: count() }).from(sharedItems).where(where);
  const total = Number(totalRow?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));
  const rows = await selectSummaries(db, userId)
    .where(where)
    .orderBy(...ORDER[params.sortBy])
    .limit(LIBRARY_PAGE_SIZE)
    .offset((params.page - 1) * LIBRARY_PAGE_SIZE);
  return {
    data: rows.map((row) => toSummary(row, userId)),
    meta: { page: params.page, totalPages, total, pageSize: LIBRARY_PAGE_SIZE },
  };
}

/** The system author's curated items first, then the most liked. */
export async function listRecommended(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<SharedItemSummary[]> {
  const rows = await selectSummaries(db, userId)
    .where(listedInLibrary(now))
    .orderBy(
      desc(sql`(${users.provider} = ${SYSTEM_AUTHOR.provider})`),
      desc(sharedItems.likeCount),
      desc(sharedItems.downloadCount),
      desc(sharedItems.createdAt),
    )
    .limit(LIBRARY_RECOMMENDED_MAX);
  return rows.map((row) => toSummary(row, userId));
}

/** Tags in use on listed items, most used first. */
export async function listTags(db: DbOrTx, now: Date): Promise<TagCount[]> {
  const tag = sql<string>`tag`;
  const result = await db.execute<{ tag: string; count: string | number }>(
    sql`select ${tag} as tag, count(*) as count
        from ${sharedItems}, unnest(${sharedItems.tags}) as tag
        where ${listedInLibrary(now)}
        group by tag
        order by count(*) desc, tag asc
        limit ${LIBRARY_TAGS_MAX}`,
  );
  return result.rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** Everything the caller shared, newest activity first. */
/** Latest change first, then by id: the key a cursor holds is [updatedAt, id]. */
const compareMyItems = (a: SortKey, b: SortKey) =>
  String(b[0]).localeCompare(String(a[0])) || String(a[1]).localeCompare(String(b[1]));

/**
 * One page of the author's shared items (decision 038); their count is bounded by the quota,
 * so the page is found among all of them in memory.
 */
export async function listMyItems(
  db: DbOrTx,
  userId: string,
  query: PageQuery,
): Promise<Page<SharedItemSummary>> {
  const after = decodeCursor(query.cursor, ['string', 'string']);
  const rows = await selectSummaries(db, userId).where(eq(sharedItems.authorId, userId));
  const sorted = rows
    .map((row) => {
      const item = toSummary(row, userId);
      return { item, key: [item.updatedAt, item.id] as const };
    })
    .sort((a, b) => compareMyItems(a.key, b.key));
  return cutPage(entriesAfter(sorted, compareMyItems, after, query.limit), query.limit);
}

/**
 * GET /api/shared-items/share/{token}: a valid (UNLISTED, unexpired, not revoked) token
 * grants the caller lasting access to the item; anything else is 404.
 */
export async function resolveShareToken(
  db: Db,
  userId: string,
  token: string,
  now: Date,
): Promise<SharedItem> {
  return db.transaction(async (tx) => {
    // Share-locked: a revoke or regenerate (locked for update) cannot slip between reading
    // the token and recording the access, so it always removes what this grants.
    const [item] = await tx
      .select({ id: sharedItems.id, authorId: sharedItems.authorId })
      .from(sharedItems)
      .where(
        and(
          eq(sharedItems.shareToken, token),
          eq(sharedItems.visibility, 'UNLISTED'),
          notExpired(now),
        ),
      )
      .for('share');
    if (!item) throw new HttpError(404, 'SHARE_LINK_INVALID');
    if (item.authorId !== userId) {
      await tx
        .insert(unlistedAccess)
        .values({ userId, sharedItemId: item.id, createdAt: now })
        .onConflictDoNothing();
    }
    return loadItem(tx, userId, item.id);
  });
}

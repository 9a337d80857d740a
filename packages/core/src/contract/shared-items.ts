import { z } from 'zod';
import {
  LIBRARY_SEARCH_MAX,
  SHARE_DESCRIPTION_MAX,
  SHARE_EXPIRATION_DAYS,
  TAG_LENGTH_MAX,
  TAGS_PER_SHARE_MAX,
  VERSION_NOTES_MAX,
} from '../limits';
import { blockBodySchema } from './blocks';
import { coded } from './errors';
import { nameText } from './names';
import { pageSchema } from './paging';
import { text, idParam } from './text';

export const VISIBILITIES = ['PUBLIC', 'UNLISTED'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibilitySchema>;

export const IMPORT_MODES = ['CLONE', 'SUBSCRIBE'] as const;
export const importModeSchema = z.enum(IMPORT_MODES, coded('IMPORT_MODE_INVALID'));
export type ImportMode = z.infer<typeof importModeSchema>;

export const LIBRARY_SORTS = ['createdAt', 'likes', 'downloads'] as const;
export const librarySortSchema = z.enum(LIBRARY_SORTS);
export type LibrarySort = z.infer<typeof librarySortSchema>;

export const SHARE_OPTION_ACTIONS = [
  'TOGGLE_VISIBILITY',
  'REGENERATE_TOKEN',
  'REVOKE_TOKEN',
] as const;
export const shareOptionActionSchema = z.enum(SHARE_OPTION_ACTIONS);
export type ShareOptionAction = z.infer<typeof shareOptionActionSchema>;

// ---- Share form and publish form -------------------------------------------

/** One tag: trimmed, 1–50 characters. */
export const tagSchema = nameText()
  .trim()
  .min(1, coded('SHARE_TAG_EMPTY'))
  .max(TAG_LENGTH_MAX, coded('SHARE_TAG_TOO_LONG'));

/** Tags compare case-insensitively, so they are kept lowercased (search relies on it too). */
export const normalizeTag = (tag: string) => tag.trim().toLowerCase();

/** At most 10 tags; duplicates are dropped. */
export const tagsSchema = z
  .array(tagSchema)
  .max(TAGS_PER_SHARE_MAX, coded('SHARE_TAGS_TOO_MANY'))
  .transform((tags) => [...new Set(tags.map(normalizeTag))]);

export const shareDescriptionSchema = text().max(
  SHARE_DESCRIPTION_MAX,
  coded('SHARE_DESCRIPTION_TOO_LONG'),
);

export const expiresInDaysSchema = z
  .number(coded('SHARE_EXPIRATION_INVALID'))
  .int(coded('SHARE_EXPIRATION_INVALID'))
  .refine(
    (days) => (SHARE_EXPIRATION_DAYS as readonly number[]).includes(days),
    coded('SHARE_EXPIRATION_INVALID'),
  );

/** POST /api/blocks/{id}/share. Public shares carry no expiry (it only applies to links). */
export const shareFormSchema = z.object({
  description: shareDescriptionSchema.nullish(),
  tags: tagsSchema.optional(),
  isPublic: z.boolean().default(true),
  expiresInDays: expiresInDaysSchema.optional(),
});
export type ShareForm = z.input<typeof shareFormSchema>;

/** The share route's body: absent means a plain public share. */
export const shareBodySchema = shareFormSchema
  .nullish()
  .transform((body) => body ?? { isPublic: true });

export const publishFormSchema = z.object({
  versionNotes: text(coded('VERSION_NOTES_REQUIRED'))
    .trim()
    .min(1, coded('VERSION_NOTES_REQUIRED'))
    .max(VERSION_NOTES_MAX, coded('VERSION_NOTES_TOO_LONG')),
});
export type PublishForm = z.input<typeof publishFormSchema>;

/** PATCH /api/shared-items/{id}/options: field edits and/or one token action. */
export const shareOptionsSchema = z.object({
  description: shareDescriptionSchema.nullable().optional(),
  tags: tagsSchema.optional(),
  expiresInDays: expiresInDaysSchema.optional(),
  visibility: visibilitySchema.optional(),
  action: shareOptionActionSchema.optional(),
});
export type ShareOptions = z.input<typeof shareOptionsSchema>;

/** The body is optional: no body means CLONE. */
export const importBodySchema = z
  .object({ importMode: importModeSchema.optional() })
  .nullish()
  .transform((body) => ({ importMode: body?.importMode ?? ('CLONE' as const) }));
export type ImportBody = z.input<typeof importBodySchema>;

// ---- Responses ----------------------------------------------------------------------

export const sharedItemAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** The curated system author (its items get a star in the library). */
  isSystem: z.boolean(),
});

/** A library card: no content, so pages stay small. */
export const sharedItemSummarySchema = z.object({
  id: z.string(),
  itemType: z.literal('BLOCK'),
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  visibility: visibilitySchema,
  author: sharedItemAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  downloadCount: z.number().int(),
  likeCount: z.number().int(),
  isLikedByCurrentUser: z.boolean(),
  currentVersion: z.number().int(),
  /** Private-link data: only ever filled for the author. */
  shareToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type SharedItemSummary = z.infer<typeof sharedItemSummarySchema>;

export const sharedVersionDataSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  versionNotes: z.string().nullable(),
  createdAt: z.string(),
});

/** The detail page and the update preview: the current version's content and notes. */
export const sharedItemSchema = sharedItemSummarySchema.extend({
  originalBlock: z.object({ name: z.string(), content: z.string(), type: z.string() }).nullable(),
  sharedVersion: sharedVersionDataSchema,
  /** The author's source block (author only; null once deleted or for others). */
  sourceBlockId: z.string().nullable(),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const shareResultSchema = z.object({
  id: z.string(),
  visibility: visibilitySchema,
  shareToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ShareResult = z.infer<typeof shareResultSchema>;

export const libraryQuerySchema = z.object({
  search: text().trim().max(LIBRARY_SEARCH_MAX).optional(),
  /** Comma-joined; an item must carry every one. */
  tags: text().max(2_000).optional(),
  sortBy: librarySortSchema.default('createdAt'),
  page: z.coerce.number().int().min(1).default(1),
});
export type LibraryQuery = z.input<typeof libraryQuerySchema>;

export const libraryResponseSchema = z.object({
  data: z.array(sharedItemSummarySchema),
  meta: z.object({
    page: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type LibraryResponse = z.infer<typeof libraryResponseSchema>;

export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export const tagCountsResponseSchema = z.array(tagCountSchema);
export type TagCount = z.infer<typeof tagCountSchema>;

export const sharedItemListSchema = z.array(sharedItemSummarySchema);
/** GET /api/shared-items/my-items: one page of the author's items (decision 038). */
export const sharedItemPageSchema = pageSchema(sharedItemSummarySchema);

export const likeResponseSchema = z.object({
  likeCount: z.number().int(),
  isLikedByCurrentUser: z.boolean(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const importResponseSchema = z.object({
  blockId: z.string(),
  importMode: importModeSchema,
  subscriptionId: z.string().nullable(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/**
 * POST /api/shared-items/{sharedItemId}/update-subscription/{subscriptionId}: the text the
 * subscriber settled on, merged from `baseVersion` (what they last accepted) and `version`
 * (the item's latest). The server takes it only while both are still true (decision 098).
 */
export const acceptUpdateBodySchema = z.object({
  baseVersion: z.number().int().min(1),
  version: z.number().int().min(1),
  content: blockBodySchema.shape.content,
});
export type AcceptUpdateBody = z.infer<typeof acceptUpdateBodySchema>;

/** GET of the same path: the three texts of the merge (the block itself is "mine"). */
export const subscriptionUpdateSchema = z.object({
  baseVersion: z.number().int(),
  /** The content the subscriber last accepted. */
  baseContent: z.string(),
  version: z.number().int(),
  name: z.string(),
  content: z.string(),
  versionNotes: z.string().nullable(),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

export const updateSubscriptionResponseSchema = z.object({
  blockId: z.string(),
  subscribedVersion: z.number().int(),
});

export const sharedItemParamsSchema = z.object({ id: idParam() });
export const shareTokenParamsSchema = z.object({ token: text().min(1).max(128) });
export const updateSubscriptionParamsSchema = z.object({
  sharedItemId: idParam(),
  subscriptionId: idParam(),
});

import { z } from 'zod';
import {
  ACCOUNT_IMPORT_COUNTED_MAX,
  COMPOSITION_ITEMS_MAX,
  COMPOSITION_ITEMS_MIN,
} from '../limits';
import { blockBodySchema, refineBlockContent, SUBSCRIPTION_DETACHED_REASONS } from './blocks';
import { compositionBodySchema } from './compositions';
import { coded } from './errors';
import { updateSettingsBodySchema } from './settings';
import { visibilitySchema } from './shared-items';
import { text } from './text';

/**
 * The account export (decision 060): everything the server holds about a user, as one JSON
 * file, and the body of the import. `version` changes whenever a field's meaning does; an
 * instance refuses a version it does not know rather than guess.
 */
export const ACCOUNT_EXPORT_FORMAT = 'promptloom-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/** An id as the exporting instance wrote it: only a reference inside the file. */
const fileId = () => text().min(1, coded('ACCOUNT_IMPORT_INVALID')).max(64);
/** An ISO 8601 date-time, as the API writes them. */
const isoDate = () => text().pipe(z.iso.datetime({ offset: true }));

const exportSubscriptionSchema = z.object({
  /** The item on the exporting instance (null once its author deleted it). */
  sharedItemId: z.string().nullable(),
  subscribedVersion: z.number().int(),
  detached: z.enum(SUBSCRIPTION_DETACHED_REASONS).nullable(),
  /**
   * The content of `subscribedVersion`, the base of the next merge (decision 098); absent in
   * files written before it was kept. An import re-reads it from the instance's version.
   */
  baseContent: z.string().nullish(),
});

const { name, content, type, category, color, description } = blockBodySchema.shape;
export const exportBlockSchema = z
  .object({
    id: fileId(),
    name,
    description,
    content,
    type,
    color,
    category,
    isSystemBlock: z.boolean(),
    createdAt: isoDate(),
    updatedAt: isoDate(),
    /** Set when the block is a copy that followed someone's shared item. */
    subscription: exportSubscriptionSchema.nullable(),
  })
  .superRefine(refineBlockContent);
export type ExportBlock = z.infer<typeof exportBlockSchema>;

export const exportCompositionSchema = z.object({
  id: fileId(),
  name: compositionBodySchema.shape.name,
  /** The blocks in order (ids of `blocks` in the same file); a block may appear twice. */
  blockIds: z
    .array(fileId())
    .min(COMPOSITION_ITEMS_MIN, coded('COMPOSITION_BLOCKS_EMPTY'))
    .max(COMPOSITION_ITEMS_MAX, coded('COMPOSITION_BLOCKS_TOO_MANY')),
  createdAt: isoDate(),
  updatedAt: isoDate(),
});
export type ExportComposition = z.infer<typeof exportCompositionSchema>;

const exportVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  content: z.string(),
  versionNotes: z.string().nullable(),
  createdAt: z.string(),
});

/** A block the user shared: informative only, an import never re-creates it (decision 060). */
const exportSharedItemSchema = z.object({
  id: z.string(),
  /** The shared block in this file, null once the author deleted it. */
  sourceBlockId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  visibility: visibilitySchema,
  expiresAt: z.string().nullable(),
  currentVersion: z.number().int(),
  likeCount: z.number().int(),
  downloadCount: z.number().int(),
  createdAt: z.string(),
  versions: z.array(exportVersionSchema),
});

const accountExportObject = z.object({
  format: z.enum([ACCOUNT_EXPORT_FORMAT], coded('ACCOUNT_IMPORT_NOT_EXPORT')),
  version: z.literal(ACCOUNT_EXPORT_VERSION, coded('ACCOUNT_IMPORT_VERSION')),
  exportedAt: isoDate(),
  /** The profile the sign-in provider gave; an import keeps the target account's own. */
  account: z.object({
    name: z.string(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    provider: z.string(),
    createdAt: z.string(),
  }),
  blocks: z.array(exportBlockSchema),
  compositions: z.array(exportCompositionSchema),
  settings: z.object({
    globalIgnorePatterns: updateSettingsBodySchema.shape.globalIgnorePatterns,
    /** One of `compositions`, or null for the built-in default. */
    defaultCompositionId: fileId().nullable(),
  }),
  sharedItems: z.array(exportSharedItemSchema),
  /** Shared items the user liked, on the exporting instance. */
  likes: z.array(z.object({ sharedItemId: z.string(), likedAt: z.string() })),
  /** Personal access tokens by name; never the token or its hash. */
  accessTokens: z.array(
    z.object({
      name: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      expiresAt: z.string().nullable(),
    }),
  ),
  /** Private links the user opened (the items they may see); never the link's token. */
  privateLinksOpened: z.array(z.object({ sharedItemId: z.string(), openedAt: z.string() })),
});

/** The file's ids refer to what it holds, once each. */
function refineReferences(
  file: Pick<AccountExport, 'blocks' | 'compositions' | 'settings'>,
  ctx: z.RefinementCtx,
): void {
  const refuse = (path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', path, message: coded('ACCOUNT_IMPORT_REFERENCE').error });
  const blockIds = new Set<string>();
  file.blocks.forEach((block, i) => {
    if (blockIds.has(block.id)) refuse(['blocks', i, 'id']);
    blockIds.add(block.id);
  });
  const compositionIds = new Set<string>();
  file.compositions.forEach((composition, i) => {
    if (compositionIds.has(composition.id)) refuse(['compositions', i, 'id']);
    compositionIds.add(composition.id);
    composition.blockIds.forEach((id, j) => {
      if (!blockIds.has(id)) refuse(['compositions', i, 'blockIds', j]);
    });
  });
  const defaultId = file.settings.defaultCompositionId;
  if (defaultId !== null && !compositionIds.has(defaultId)) {
    refuse(['settings', 'defaultCompositionId']);
  }
}

export const accountExportSchema = accountExportObject.superRefine(refineReferences);
export type AccountExport = z.infer<typeof accountExportSchema>;

/**
 * The body of an import (decision 093): an export whose sections that are never stored
 * (shared items, likes, access tokens, opened links) are only counted, so their entries are
 * not checked one by one, and bounded in number.
 */
const counted = () =>
  z.array(z.unknown()).max(ACCOUNT_IMPORT_COUNTED_MAX, coded('ACCOUNT_IMPORT_INVALID'));
export const accountImportSchema = accountExportObject
  .extend({
    sharedItems: counted(),
    likes: counted(),
    accessTokens: counted(),
    privateLinksOpened: counted(),
  })
  .superRefine(refineReferences);
export type AccountImport = z.infer<typeof accountImportSchema>;
export type AccountExportInput = z.input<typeof accountExportSchema>;

/** What an import did with each part of the file (decision 060). */
export const accountImportResultSchema = z.object({
  blocks: z.object({
    imported: z.number().int(),
    /**
     * Blocks of the file the account already holds, the same name and content (decision 093):
     * not copied again; the file's compositions use the account's.
     */
    alreadyPresent: z.number().int(),
    /** The file's system blocks: the account has its own, which the compositions now use. */
    matchedSystem: z.number().int(),
    /** Copies that followed a shared item: imported as plain blocks that follow nothing. */
    subscriptionsDetached: z.number().int(),
  }),
  /** Compositions the account already holds, the same name and blocks in order, are not. */
  compositions: z.object({ imported: z.number().int(), alreadyPresent: z.number().int() }),
  ignorePatterns: z.object({ added: z.number().int() }),
  defaultComposition: z.enum(['SET', 'KEPT', 'NONE']),
  skipped: z.object({
    sharedItems: z.number().int(),
    likes: z.number().int(),
    accessTokens: z.number().int(),
    privateLinksOpened: z.number().int(),
  }),
});
export type AccountImportResult = z.infer<typeof accountImportResultSchema>;

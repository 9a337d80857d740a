import { z } from 'zod';
import {
  ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS,
  ACCESS_TOKEN_EXPIRY_DAYS,
  ACCESS_TOKEN_NAME_MAX,
} from '../limits';
import { coded } from './errors';
import { nameText } from './names';
import { idParam } from './text';

/** A token's lifetime in days, or null for one that never expires (decision 043). */
export const accessTokenExpirySchema = z
  .union(
    [...ACCESS_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)), z.null()],
    coded('ACCESS_TOKEN_EXPIRY_INVALID'),
  )
  .default(ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS);

/** Body of POST /api/access-tokens: a name the user recognises the token by, and a lifetime. */
export const accessTokenBodySchema = z.object({
  name: nameText(coded('ACCESS_TOKEN_NAME_EMPTY'))
    .trim()
    .min(1, coded('ACCESS_TOKEN_NAME_EMPTY'))
    .max(ACCESS_TOKEN_NAME_MAX, coded('ACCESS_TOKEN_NAME_TOO_LONG')),
  expiresInDays: accessTokenExpirySchema,
});
export type AccessTokenBody = z.input<typeof accessTokenBodySchema>;

/** A token as listed: never the secret, which only the creation answer carries. */
export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Null: never expires. Past: refused by the server, listed until revoked. */
  expiresAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer of POST /api/access-tokens: the only time the token is shown. */
export const createdAccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const accessTokenParamsSchema = z.object({ id: idParam() });

/** Personal access tokens start with this, so a Bearer value says which kind it is. */
export const ACCESS_TOKEN_PREFIX = 'plt_';

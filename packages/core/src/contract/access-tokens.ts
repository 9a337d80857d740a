import { z } from 'zod';
import { ACCESS_TOKEN_NAME_MAX } from '../limits';
import { coded } from './errors';
import { nameText } from './names';
import { idParam } from './text';

/** Body of POST /api/access-tokens: a name the user recognises the token by. */
export const accessTokenBodySchema = z.object({
  name: nameText(coded('ACCESS_TOKEN_NAME_EMPTY'))
    .trim()
    .min(1, coded('ACCESS_TOKEN_NAME_EMPTY'))
    .max(ACCESS_TOKEN_NAME_MAX, coded('ACCESS_TOKEN_NAME_TOO_LONG')),
});
export type AccessTokenBody = z.infer<typeof accessTokenBodySchema>;

/** A token as listed: never the secret, which only the creation answer carries. */
export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer of POST /api/access-tokens: the only time the token is shown. */
export const createdAccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const accessTokenParamsSchema = z.object({ id: idParam() });

/** Personal access tokens start with this, so a Bearer value says which kind it is. */
export const ACCESS_TOKEN_PREFIX = 'plt_';

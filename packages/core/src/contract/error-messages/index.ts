import { ACCOUNT_ERRORS } from './account';
import { AUTH_ERRORS } from './auth';
import { BLOCK_ERRORS } from './blocks';
import { IGNORE_PATTERN_ERRORS } from './ignore-patterns';
import { REQUEST_ERRORS } from './request';
import { SHARING_ERRORS } from './sharing';
import { TEXT_ERRORS } from './text';

/**
 * Stable machine codes with their text in every language of the app, English first (the
 * default when a request names no language we speak). The server sends the text in the
 * request's language (`Accept-Language`); the web app shows its own translation of the code
 * (`errors.<CODE>` in the locale files) and falls back to the server's text.
 * A feature adds its codes to its topic's file, in both languages; this one catalogue joins
 * the topics, each code in one of them only.
 */
export const ERROR_MESSAGES = {
  ...REQUEST_ERRORS,
  ...AUTH_ERRORS,
  ...IGNORE_PATTERN_ERRORS,
  ...BLOCK_ERRORS,
  ...SHARING_ERRORS,
  ...ACCOUNT_ERRORS,
  ...TEXT_ERRORS,
} as const;

import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_RANDOM_BYTES } from '../../limits';

/** A URL-safe random string of `bytes` bytes (256 bits by default). */
export function randomToken(bytes = OAUTH_RANDOM_BYTES): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex: how secrets (refresh tokens, redeemed states) are kept at rest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

import { ACCESS_TOKEN_TTL_SECONDS } from '../../limits';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'promptloom';
const AUDIENCE = 'promptloom-api';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A short-lived JWT (15 min) the SPA keeps in memory only. */
export async function signAccessToken(
  secret: string,
  userId: string,
  now = new Date(),
  sessionId?: string,
) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  // `sid`: the sign-in (refresh family) the token belongs to, so logout can end it at once.
  return new SignJWT(sessionId ? { sid: sessionId } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The user and sign-in of a valid token, or null for a missing, expired or forged one. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<{ userId: string; sessionId: string | null } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (!payload.sub) return null;
    return { userId: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
  } catch {
    return null;
  }
}

import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { TApiTokenScope } from '../../contract/api-tokens.js';
import type { AuthKeys } from './secrets.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'herald';
const AUDIENCE = 'herald-api';

export interface AccessClaims {
  userId: string;
  accountId: string;
  /** The session (refresh token family) the token was issued in: logout or a password reset ends it at once. */
  sessionId?: string;
  /** Set when the caller presented a personal API token (api-tokens.ts) instead of a session's access token. */
  apiToken?: { id: string; scopes: readonly TApiTokenScope[] };
}

export async function signAccessToken(keys: AuthKeys, claims: AccessClaims): Promise<string> {
  return new SignJWT({ acc: claims.accountId, typ: 'access', ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keys.jwt);
}

/**
 * Tokens already verified, per key, until they expire: a reader's client sends the same token with
 * every call for 15 minutes, and an HMAC check through WebCrypto costs more than the rest of a
 * feed page's work in Node. Bounded; a token that fails is never kept.
 */
const verified = new WeakMap<AuthKeys['jwt'], LRUCache<string, AccessClaims>>();

/** Only HS256 with our key, our issuer and audience, unexpired, of type access; else undefined. */
export async function verifyAccessToken(keys: AuthKeys, token: string): Promise<AccessClaims | undefined> {
  let cache = verified.get(keys.jwt);
  if (!cache) verified.set(keys.jwt, (cache = new LRUCache<string, AccessClaims>({ max: 10_000, ttlAutopurge: false })));
  const known = cache.get(token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, keys.jwt, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.acc !== 'string' || typeof payload.exp !== 'number') return undefined;
    const claims = { userId: payload.sub, accountId: payload.acc, ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}) };
    const ttl = payload.exp * 1000 - Date.now();
    if (ttl > 0) cache.set(token, claims, { ttl });
    return claims;
  } catch {
    return undefined;
  }
}

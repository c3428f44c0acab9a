import { jwtVerify, SignJWT } from 'jose';
import type { AuthKeys } from './secrets.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'herald';
const AUDIENCE = 'herald-api';

export interface AccessClaims {
  userId: string;
  accountId: string;
}

export async function signAccessToken(keys: AuthKeys, claims: AccessClaims): Promise<string> {
  return new SignJWT({ acc: claims.accountId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keys.jwt);
}

/** Only HS256 with our key, our issuer and audience, unexpired, of type access; else undefined. */
export async function verifyAccessToken(keys: AuthKeys, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.jwt, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.acc !== 'string') return undefined;
    return { userId: payload.sub, accountId: payload.acc };
  } catch {
    return undefined;
  }
}

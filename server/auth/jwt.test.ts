import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt.js';
import type { AuthKeys } from './secrets.js';

const keysOf = (secret: string): AuthKeys => ({ jwt: new TextEncoder().encode(secret), codePepper: Buffer.from('pepper'), feedKey: Buffer.from('feed') });
const claims = { userId: '2f1e0c56-8a47-4a4a-9d4f-4f1a3a2b9c11', accountId: '7c0d7b1e-3b7e-4f43-9a53-0b7d0f1c2e3a' };

function token(keys: AuthKeys, expiresIn: string | number, typ = 'access') {
  return new SignJWT({ acc: claims.accountId, typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer('herald')
    .setAudience('herald-api')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(keys.jwt);
}

describe('verifyAccessToken', () => {
  it('answers the same claims for a token seen before', async () => {
    const keys = keysOf('one secret of enough length for HS256');
    const signed = await signAccessToken(keys, claims);
    expect(await verifyAccessToken(keys, signed)).toEqual(claims);
    expect(await verifyAccessToken(keys, signed)).toEqual(claims);
  });

  it('refuses a token of another key even after the same text was verified with its own', async () => {
    const mine = keysOf('one secret of enough length for HS256');
    const theirs = keysOf('another secret of enough length, too');
    const signed = await signAccessToken(mine, claims);
    expect(await verifyAccessToken(mine, signed)).toEqual(claims);
    expect(await verifyAccessToken(theirs, signed)).toBeUndefined();
  });

  it('refuses tampered, expired and non-access tokens, and keeps refusing them', async () => {
    const keys = keysOf('one secret of enough length for HS256');
    const signed = await signAccessToken(keys, claims);
    const tampered = `${signed.slice(0, -2)}${signed.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await token(keys, Math.floor(Date.now() / 1000) - 5);
    const refresh = await token(keys, '15m', 'refresh');
    for (const bad of [tampered, expired, refresh]) {
      expect(await verifyAccessToken(keys, bad)).toBeUndefined();
      expect(await verifyAccessToken(keys, bad)).toBeUndefined();
    }
  });

  it('stops answering for a token once it expires', async () => {
    const keys = keysOf('one secret of enough length for HS256');
    const shortLived = await token(keys, Math.floor(Date.now() / 1000) + 2);
    expect(await verifyAccessToken(keys, shortLived)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await verifyAccessToken(keys, shortLived)).toBeUndefined();
  });
});

import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { sharedSecret } from '../auth/secrets.js';
import type { Database } from '../db/client.js';

/**
 * The delivery key, generated once and shared by every process through the database: it seals the
 * targets' addresses (AES-256-GCM) and derives each webhook's signing secret, so neither is stored
 * in the clear.
 */
const keys = new WeakMap<Database, Promise<Buffer>>();

export function deliveryKey(database: Database): Promise<Buffer> {
  let key = keys.get(database);
  if (!key) {
    key = sharedSecret(database, 'delivery-key').then((secret) => createHash('sha256').update(`herald-delivery:${secret}`).digest());
    // A failure (database down) is not kept: the next call asks again.
    key.catch(() => keys.delete(database));
    keys.set(database, key);
  }
  return key;
}

/** iv (12 bytes) | tag (16) | ciphertext, base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** A webhook target's signing secret: derived from the key and its id, the same in every process. */
export function signingSecret(key: Buffer, targetId: string): string {
  return `whsec_${createHmac('sha256', key).update(`signing:${targetId}`).digest('base64url')}`;
}

/** The `herald-signature` header's value: v1= and the hex HMAC-SHA256 of `{timestamp}.{body}`. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What the list shows of an address: its origin, the path (where the secret of a Slack address is) hidden. */
export function urlHint(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/…`;
}

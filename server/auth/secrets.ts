import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODE_LENGTH } from '../../contract/constants.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

/** 256 random bits, URL-safe: refresh, link and invite tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are long and random, so a plain SHA-256 is a safe way to store them. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit code from a CSPRNG. */
export const randomCode = () => randomInt(0, 10 ** CODE_LENGTH).toString().padStart(CODE_LENGTH, '0');

export interface AuthKeys {
  /** HS256 key for access tokens. */
  jwt: Uint8Array;
  /** Keys the hash of short codes, so a leaked table cannot be brute-forced offline. */
  codePepper: Buffer;
  /** Keys the secret in each user's feed addresses (feeds-out): derived, never stored. */
  feedKey: Buffer;
}

export const hashCode = (keys: AuthKeys, subject: string, code: string) =>
  createHmac('sha256', keys.codePepper).update(`${subject}:${code}`).digest('hex');

/** A secret generated once and shared through the database by every process. */
export async function sharedSecret(database: Database, name: string): Promise<string> {
  await database.db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSecrets).where(sql`${appSecrets.name} = ${name}`);
  return row!.value;
}

export async function loadAuthKeys(database: Database, config: Config): Promise<AuthKeys> {
  const jwt = config.jwtSecret ?? (await sharedSecret(database, 'jwt'));
  const pepper = await sharedSecret(database, 'code-pepper');
  const feedKey = await sharedSecret(database, 'feed-key');
  return { jwt: new TextEncoder().encode(jwt), codePepper: Buffer.from(pepper), feedKey: Buffer.from(feedKey) };
}

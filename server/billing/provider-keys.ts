import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/client.js';
import { accountProviderKeys, appSecrets } from '../db/schema/index.js';
import { seal, unseal } from '../deliveries/keys.js';

/** The app_secrets row the sealing key is derived from: generated once, shared by every process. */
const SECRET_NAME = 'provider-keys';
const derived = new Map<string, Buffer>();

/** AES-256-GCM key: HKDF-SHA256 of the install's secret, for this purpose alone. */
function keyOf(secret: string): Buffer {
  const id = createHash('sha256').update(secret).digest('hex');
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'herald', 'herald-provider-keys:v1', 32));
    derived.set(id, key);
  }
  return key;
}

async function installSecret(db: DbOrTx, create: boolean): Promise<string | undefined> {
  if (create) await db.insert(appSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return row?.value;
}

/** A key sealed for storage (the install's secret made on first use). */
export async function sealProviderKey(db: DbOrTx, plain: string): Promise<string> {
  return seal(keyOf((await installSecret(db, true))!), plain);
}

/**
 * The account's own provider keys, opened, for its members' model calls: provider -> key. A key
 * that cannot be opened (the install's secret replaced) is logged and left out: the install's key
 * (or the built-in engine) answers instead.
 */
export async function accountProviderKeysOf(db: DbOrTx, accountId: string, logger: Pick<Logger, 'warn'>): Promise<Record<string, string>> {
  const rows = await db.select({ provider: accountProviderKeys.provider, sealed: accountProviderKeys.sealedKey }).from(accountProviderKeys).where(eq(accountProviderKeys.accountId, accountId));
  if (rows.length === 0) return {};
  const secret = await installSecret(db, false);
  const keys: Record<string, string> = {};
  for (const row of rows) {
    try {
      keys[row.provider] = unseal(keyOf(secret ?? ''), row.sealed);
    } catch {
      logger.warn({ accountId, provider: row.provider }, "an account's provider key could not be opened: the install's key is used");
    }
  }
  return keys;
}

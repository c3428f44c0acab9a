import { and, eq } from 'drizzle-orm';
import { OWN_KEY_PROVIDERS, PROVIDER_LABELS, type TOwnKeyProvider, type TProviderKeys } from '../../../contract/billing.js';
import { sealProviderKey } from '../../billing/provider-keys.js';
import type { AppDb } from '../../db/client.js';
import { accountProviderKeys } from '../../db/schema/index.js';
import type { AccountActor } from '../accounts/access.js';

/** GET /account/billing/provider-keys: each provider, whether the account keeps a key, never the key. */
export async function listProviderKeys(db: AppDb, actor: AccountActor): Promise<TProviderKeys> {
  const rows = await db.select().from(accountProviderKeys).where(eq(accountProviderKeys.accountId, actor.accountId));
  return {
    keys: OWN_KEY_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      return { provider, label: PROVIDER_LABELS[provider], set: !!row, last4: row?.hint ?? null, set_by: row?.setByName ?? null, set_at: row?.setAt.toISOString() ?? null };
    }),
  };
}

/** PUT …/provider-keys/{provider}: sets or replaces the key, sealed; who and when are kept. */
export async function setProviderKey(db: AppDb, actor: AccountActor, provider: TOwnKeyProvider, apiKey: string): Promise<TProviderKeys> {
  const values = { sealedKey: await sealProviderKey(db, apiKey), hint: apiKey.slice(-4), setBy: actor.userId, setByName: actor.name || 'A billing administrator', setAt: new Date() };
  await db
    .insert(accountProviderKeys)
    .values({ accountId: actor.accountId, provider, ...values })
    .onConflictDoUpdate({ target: [accountProviderKeys.accountId, accountProviderKeys.provider], set: values });
  return listProviderKeys(db, actor);
}

/** DELETE …/provider-keys/{provider}: the account's members use the install's key again. */
export async function removeProviderKey(db: AppDb, actor: AccountActor, provider: TOwnKeyProvider): Promise<TProviderKeys> {
  await db.delete(accountProviderKeys).where(and(eq(accountProviderKeys.accountId, actor.accountId), eq(accountProviderKeys.provider, provider)));
  return listProviderKeys(db, actor);
}

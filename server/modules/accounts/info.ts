import { eq } from 'drizzle-orm';
import type { TAccountInfo } from '../../../contract/accounts.js';
import type { AppDb } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import type { AccountActor } from './access.js';
import { presentInfo } from './presenter.js';

/** GET /a/info/: the caller's account with whether they may change it. */
export async function accountInfo(db: AppDb, actor: AccountActor): Promise<TAccountInfo> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  return presentInfo(account!, actor.canEdit);
}

/** POST /a/update-info/: name and company (an empty company clears it). */
export async function updateAccountInfo(db: AppDb, actor: AccountActor, change: { name: string; company: string | null }): Promise<TAccountInfo> {
  const [account] = await db.update(accounts).set({ name: change.name, company: change.company }).where(eq(accounts.id, actor.accountId)).returning();
  return presentInfo(account!, actor.canEdit);
}

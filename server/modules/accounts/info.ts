import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { SSO_DOMAIN_TAKEN } from '../../../contract/sso.js';
import { AppError } from '../../http/errors.js';
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

/** POST /a/update-info/: name, company (an empty company clears it) and the sign-on domain (one account per domain). */
export async function updateAccountInfo(db: AppDb, actor: AccountActor, change: { name: string; company: string | null; sso_domain?: string | null | undefined }): Promise<TAccountInfo> {
  return db.transaction(async (tx) => {
    if (change.sso_domain) {
      // Locked, so two accounts claiming one domain at once are told apart here, not by the unique index.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sso-domain:${change.sso_domain}`}))`);
      const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.ssoDomain, change.sso_domain), ne(accounts.id, actor.accountId)));
      if (taken) throw new AppError(400, ErrorCode.validationFailed, 'Some fields are missing or invalid.', { sso_domain: [SSO_DOMAIN_TAKEN] });
    }
    const [account] = await tx
      .update(accounts)
      .set({ name: change.name, company: change.company, ...(change.sso_domain !== undefined ? { ssoDomain: change.sso_domain } : {}) })
      .where(eq(accounts.id, actor.accountId))
      .returning();
    return presentInfo(account!, actor.canEdit);
  });
}

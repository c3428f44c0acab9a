import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { SSO_DOMAIN_FREE_MAIL, SSO_DOMAIN_TAKEN, SSO_DOMAIN_UNPROVEN } from '../../../contract/sso.js';
import { lazyRequire } from '../../lazy.js';
import { AppError } from '../../http/errors.js';
import type { TAccountInfo } from '../../../contract/accounts.js';
import type { AppDb } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';
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
    const [current] = await tx.select({ ssoDomain: accounts.ssoDomain }).from(accounts).where(eq(accounts.id, actor.accountId));
    if (change.sso_domain && change.sso_domain !== current?.ssoDomain) await checkDomainClaim(tx, actor, change.sso_domain);
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

/** The free and disposable email services (willwhite/freemail, read from its data files). */
const freemail = lazyRequire<{ isFree(email: string): boolean }>('freemail');

const refuse = (message: string) => new AppError(400, ErrorCode.validationFailed, 'Some fields are missing or invalid.', { sso_domain: [message] });

/**
 * Whether the actor may make everyone at `domain` sign in to their account: not a free or
 * disposable mail service, and an admin's own confirmed address is at that domain (or under it).
 * A superuser (the install's operator) may set any domain for an organisation.
 */
async function checkDomainClaim(tx: Pick<AppDb, 'select'>, actor: AccountActor, domain: string): Promise<void> {
  if (freemail().isFree(`someone@${domain}`)) throw refuse(SSO_DOMAIN_FREE_MAIL);
  if (actor.isSuperuser) return;
  const [me] = await tx.select({ email: users.email, confirmed: users.emailConfirmedAt }).from(users).where(eq(users.id, actor.userId));
  const own = me?.email.split('@').pop()?.toLowerCase() ?? '';
  if (!me?.confirmed || (own !== domain && !own.endsWith(`.${domain}`))) throw refuse(SSO_DOMAIN_UNPROVEN);
}

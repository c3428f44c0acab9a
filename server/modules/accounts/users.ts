import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_ERRORS, type TAccountUser, type TUpdateAccountUserRequest } from '../../../contract/accounts.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountActor } from './access.js';
import { presentInvite, presentMember } from './presenter.js';

const inviter = alias(users, 'inviter');

/** Open invitations of an account, left out once their address belongs to a user anywhere. */
async function openInvites(db: DbOrTx, accountId: string, inviteId?: string) {
  const rows = await db
    .select({ invite: invites, inviterFirst: inviter.firstName, inviterLast: inviter.lastName })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(
      and(
        eq(invites.accountId, accountId),
        isNull(invites.acceptedAt),
        inviteId ? eq(invites.id, inviteId) : undefined,
        notExists(db.select({ one: sql`1` }).from(users).where(eq(users.email, invites.email))),
      ),
    )
    .orderBy(asc(invites.createdAt));
  return rows.map((row) => presentInvite(row.invite, row.inviterFirst === null ? null : `${row.inviterFirst} ${row.inviterLast}`.trim()));
}

/** GET /a/users/: the account's users (ACTIVE), then the people invited and not yet joined (INVITED). */
export async function listAccountUsers(db: AppDb, accountId: string): Promise<TAccountUser[]> {
  const members = await db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return [...members.map(presentMember), ...(await openInvites(db, accountId))];
}

/** One row of the caller's account, ACTIVE or INVITED, or undefined when it is not theirs. */
export async function findAccountUser(db: DbOrTx, accountId: string, id: string): Promise<TAccountUser | undefined> {
  const [member] = await db.select().from(users).where(and(eq(users.id, id), eq(users.accountId, accountId)));
  if (member) return presentMember(member);
  return (await openInvites(db, accountId, id))[0];
}

/**
 * POST /a/update-user/: the role (and, for an ADMIN, the right to edit) of another user or of an
 * open invitation, and the billing administrator role of a user who has joined. Nobody changes
 * their own role: an account cannot lose its last editor that way; an editor may make themselves
 * billing administrator (or stop being one), which takes no right to edit away.
 */
export async function updateAccountUser(db: AppDb, actor: AccountActor, change: TUpdateAccountUserRequest): Promise<TAccountUser> {
  const billingOnly = change.role === undefined && change.can_edit === undefined;
  if (change.user_id === actor.userId && !billingOnly) throw new AppError(400, 'cannot_change_self', ACCOUNT_ERRORS.changeSelf, { user_id: [ACCOUNT_ERRORS.changeSelf] });
  return db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (change.billing_admin !== undefined) set.billingAdmin = change.billing_admin;
    if (change.role) set.role = change.role;
    if (change.can_edit !== undefined) set.canEditAccount = change.can_edit;
    // Promoting someone makes them a full administrator unless the caller says otherwise.
    else if (change.role === 'ADMIN') set.canEditAccount = true;
    const [member] = await tx
      .update(users)
      .set(set)
      .where(and(eq(users.id, change.user_id), eq(users.accountId, actor.accountId)))
      .returning();
    if (member) return presentMember(member);
    if (change.billing_admin !== undefined) {
      const [open] = await tx.select({ id: invites.id }).from(invites).where(and(eq(invites.id, change.user_id), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)));
      if (open) throw new AppError(400, ErrorCode.billingAdminInvite, ACCOUNT_ERRORS.billingInvite, { billing_admin: [ACCOUNT_ERRORS.billingInvite] });
    }
    if (!change.role) throw new AppError(404, 'not_found', ACCOUNT_ERRORS.userNotFound);
    const [invite] = await tx
      .update(invites)
      .set({ role: change.role })
      .where(and(eq(invites.id, change.user_id), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    const row = invite && (await findAccountUser(tx, actor.accountId, invite.id));
    if (!row) throw new AppError(404, 'not_found', ACCOUNT_ERRORS.userNotFound);
    return row;
  });
}

import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, type TAccountUser } from '../../../contract/accounts.js';
import { invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails } from '../../mail/outbox.js';
import { queueInviteEmail, renewInvite } from '../auth/invites.js';
import type { AccountActor } from './access.js';
import { accountName, type AccountContext } from './send-invite.js';
import { findAccountUser } from './users.js';

/**
 * POST /a/resend-invite/: a fresh token and expiry for an open invitation of the caller's account,
 * emailed again. The previous link stops working at once (only the new token's hash is kept).
 */
export async function resendInvite(context: AccountContext, actor: AccountActor, inviteId: string): Promise<TAccountUser> {
  const { row, emailId } = await context.db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(invites)
      .where(and(eq(invites.id, inviteId), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)))
      .for('update');
    const [member] = invite ? await tx.select({ accountId: users.accountId }).from(users).where(eq(users.email, invite.email)) : [];
    if (member?.accountId === actor.accountId) throw new AppError(400, 'already_member', ACCOUNT_TEXT.alreadyMember);
    if (!invite || member) throw new AppError(404, 'invite_not_found', ACCOUNT_ERRORS.inviteNotFound);
    const { token, expiresAt } = await renewInvite(tx, invite.id);
    const emailId = await queueInviteEmail(tx, context.config.publicUrl, {
      to: invite.email,
      inviteeName: invite.firstName,
      inviterName: actor.name,
      accountName: await accountName(tx, actor.accountId),
      token,
      expiresAt,
    });
    return { row: (await findAccountUser(tx, actor.accountId, invite.id))!, emailId };
  });
  await dispatchEmails(context.queue, context.db, [emailId]);
  return row;
}

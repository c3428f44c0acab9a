import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, type TAccountUser } from '../../../contract/accounts.js';
import { requireSeat, SeatLimitError } from '../../billing/seats.js';
import { invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails } from '../../mail/outbox.js';
import { queueInviteEmail, renewInvite } from '../auth/invites.js';
import type { AccountActor } from './access.js';
import { accountName, tellSeatsRefused, type AccountContext } from './send-invite.js';
import { findAccountUser } from './users.js';

/**
 * POST /a/resend-invite/: a fresh token and expiry for an open invitation of the caller's account,
 * emailed again. The previous link stops working at once (only the new token's hash is kept). An
 * expired invitation holds no seat (billing/seats.ts): when Herald is sold, resending it takes one
 * again, refused past the seats like a new invitation (the account is locked first, as there).
 */
export async function resendInvite(context: AccountContext, actor: AccountActor, inviteId: string): Promise<TAccountUser> {
  let email = '';
  try {
    return await renewAndSend(context, actor, inviteId, (address) => (email = address));
  } catch (error) {
    if (error instanceof SeatLimitError) await tellSeatsRefused(context, actor, error, email);
    throw error;
  }
}

async function renewAndSend(context: AccountContext, actor: AccountActor, inviteId: string, invited: (email: string) => void): Promise<TAccountUser> {
  const { row, emailId } = await context.db.transaction(async (tx) => {
    if (context.config.stripe) await tx.execute(sql`SELECT id FROM accounts WHERE id = ${actor.accountId} FOR UPDATE`);
    const [invite] = await tx
      .select()
      .from(invites)
      .where(and(eq(invites.id, inviteId), eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)))
      .for('update');
    const [member] = invite ? await tx.select({ accountId: users.accountId }).from(users).where(eq(users.email, invite.email)) : [];
    if (member?.accountId === actor.accountId) throw new AppError(400, 'already_member', ACCOUNT_TEXT.alreadyMember);
    if (!invite || member) throw new AppError(404, 'invite_not_found', ACCOUNT_ERRORS.inviteNotFound);
    invited(invite.email);
    if (invite.expiresAt <= new Date()) await requireSeat(tx, context.config, actor.accountId);
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

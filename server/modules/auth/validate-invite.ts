import { eq } from 'drizzle-orm';
import { INVITE_MESSAGES, type TInvite } from '../../../contract/auth.js';
import { sha256 } from '../../auth/secrets.js';
import { accounts, invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';
import { queueInviteEmail, renewInvite } from './invites.js';

/**
 * Reads an invitation for its landing page. An expired one is renewed on the spot (new token,
 * new expiry, the old token stops working) and emailed again.
 */
export async function validateInvite(context: AuthContext, token: string): Promise<TInvite> {
  const { db } = context.database;
  const [row] = await db
    .select({ invite: invites, account: accounts, inviter: users })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(eq(invites.tokenHash, sha256(token)));
  if (!row) throw new AppError(404, 'invite_not_found', INVITE_MESSAGES.notFound);
  const { invite, account, inviter } = row;
  if (invite.acceptedAt) throw new AppError(400, 'invite_accepted', INVITE_MESSAGES.accepted);
  if (invite.expiresAt.getTime() <= Date.now()) {
    const emailId = await db.transaction(async (tx) => {
      const { token: fresh, expiresAt } = await renewInvite(tx, invite.id);
      const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : account.name;
      return queueInviteEmail(tx, context.config.publicUrl, { to: invite.email, inviteeName: invite.firstName, inviterName, accountName: account.name, token: fresh, expiresAt });
    });
    await dispatchEmails(context.queue, context.database.db, [emailId]);
    throw new AppError(400, 'invite_expired', INVITE_MESSAGES.expired);
  }
  return {
    account: account.name,
    company: account.company,
    industry: account.industry,
    location: null,
    token,
    first_name: invite.firstName,
    last_name: invite.lastName,
    email: invite.email,
    title: null,
    top_goals: null,
  };
}

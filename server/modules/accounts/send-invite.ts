import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, type TAccountRole, type TAccountUser } from '../../../contract/accounts.js';
import type { Config } from '../../config.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { accounts, invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Logger } from 'pino';
import { tellSeatsFull } from '../../billing/seat-notice.js';
import { requireSeat, SeatLimitError } from '../../billing/seats.js';
import type { Queue } from '../../jobs/types.js';
import { dispatchEmails } from '../../mail/outbox.js';
import { issueInvite, queueInviteEmail } from '../auth/invites.js';
import type { AccountActor } from './access.js';
import { findAccountUser } from './users.js';

export interface AccountContext {
  config: Config;
  db: AppDb;
  queue: Queue | undefined;
  /** Where a failure to tell billing administrators that seats are full is logged. */
  logger?: Pick<Logger, 'warn'>;
}

export interface InviteInput {
  first_name: string;
  last_name: string;
  /** Lower case and trimmed. */
  email: string;
  role: TAccountRole;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Invites one person to the actor's account inside the caller's transaction: refuses an address
 * that already has a user (here or in another account: a user belongs to one account) or an
 * open invitation here, and (Herald sold) one past the plan's seats, then stores the invitation and
 * queues its email.
 */
export async function inviteOne(tx: DbOrTx, config: Config, actor: AccountActor, accountName: string, input: InviteInput): Promise<{ inviteId: string; emailId: string }> {
  const [existing] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.email, input.email));
  if (existing?.accountId === actor.accountId) throw new AppError(400, 'already_member', ACCOUNT_TEXT.alreadyMember, { email: [ACCOUNT_TEXT.alreadyMember] });
  if (existing) throw new AppError(400, 'email_in_other_account', ACCOUNT_ERRORS.otherAccount, { email: [ACCOUNT_ERRORS.otherAccount] });
  const alreadyInvited = () => new AppError(400, 'already_invited', ACCOUNT_ERRORS.alreadyInvited, { email: [ACCOUNT_ERRORS.alreadyInvited] });
  const [open] = await tx
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.accountId, actor.accountId), eq(invites.email, input.email), isNull(invites.acceptedAt)));
  if (open) throw alreadyInvited();
  // Herald sold through Stripe: an invitation takes a seat, and a full account is refused.
  await requireSeat(tx, config, actor.accountId);
  let issued: Awaited<ReturnType<typeof issueInvite>>;
  try {
    // A savepoint, so a concurrent invite of the same address fails this row only.
    issued = await tx.transaction((sp) =>
      issueInvite(sp, { accountId: actor.accountId, invitedBy: actor.userId, email: input.email, role: input.role, firstName: input.first_name, lastName: input.last_name }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInvited();
    throw error;
  }
  const emailId = await queueInviteEmail(tx, config.publicUrl, { to: input.email, inviteeName: input.first_name, inviterName: actor.name, accountName, token: issued.token, expiresAt: issued.expiresAt });
  return { inviteId: issued.id, emailId };
}

export async function accountName(db: DbOrTx, accountId: string): Promise<string> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return account!.name;
}

/** POST /a/send-invite/: one invitation; the new INVITED row is returned for the list. */
export async function sendInvite(context: AccountContext, actor: AccountActor, input: InviteInput): Promise<TAccountUser> {
  try {
    const { row, emailId } = await context.db.transaction(async (tx) => {
      const name = await accountName(tx, actor.accountId);
      const { inviteId, emailId } = await inviteOne(tx, context.config, actor, name, input);
      return { row: (await findAccountUser(tx, actor.accountId, inviteId))!, emailId };
    });
    await dispatchEmails(context.queue, context.db, [emailId]);
    return row;
  } catch (error) {
    if (error instanceof SeatLimitError) await tellSeatsRefused(context, actor, error, input.email);
    throw error;
  }
}

/** An invitation refused for seats: the account's billing administrators are told (once a day). */
export const tellSeatsRefused = (context: AccountContext, actor: AccountActor, refusal: SeatLimitError, email: string) =>
  tellSeatsFull(context.db, refusal, { via: 'invitation', email, inviter: actor.name }, context.logger);

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TRegisterRequest, TTokenPair } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { hashPassword, passwordProblem } from '../../auth/passwords.js';
import { sha256 } from '../../auth/secrets.js';
import { startSession } from '../../auth/sessions.js';
import { accounts, invites, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { notifyTeammateJoined } from '../../inbox/write.js';
import { dispatchEmails, queueEmail } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';
import { queueConfirmation } from './send-confirmation.js';

/**
 * Registration. Without an invite the person gets their own account and is its ADMIN; with a
 * valid invite they join the inviter's account with the invited role. An address that already
 * has a user gets the same answer, and its owner an email saying so (no account enumeration).
 * An invite was sent to the address, so registering with one confirms it and signs in at once.
 * User, account and email are written in one transaction: nothing is left half-created.
 */
export async function registerUser(context: AuthContext, input: TRegisterRequest): Promise<TTokenPair | undefined> {
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError(400, ErrorCode.validationFailed, problem, { password: [problem] });
  const passwordHash = await hashPassword(input.password);
  const { publicUrl } = context.config;

  const outcome = await context.database.db.transaction(async (tx): Promise<{ emailId: string | null } | { tokens: TTokenPair }> => {
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email));
    if (existing) {
      const emailId = await queueEmail(tx, existing.email, 'account-exists', { firstName: existing.firstName, loginUrl: `${publicUrl}/login`, resetUrl: `${publicUrl}/login?reset=1` }, { publicUrl });
      return { emailId };
    }

    let invite: typeof invites.$inferSelect | undefined;
    if (input.invite_token) {
      [invite] = await tx
        .update(invites)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(invites.tokenHash, sha256(input.invite_token)), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`), eq(invites.email, input.email)))
        .returning();
      if (!invite) throw new AppError(400, 'invite_invalid', 'This invitation is not valid for this email address, or it has expired.', { invite_token: ['Invalid invitation'] });
    }

    const accountId =
      invite?.accountId ??
      (await tx
        .insert(accounts)
        .values({ name: input.company || `${input.first_name} ${input.last_name}`, company: input.company, industry: input.industry })
        .returning({ id: accounts.id }))[0]!.id;

    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: input.email,
        isSuperuser: context.config.superuserEmails.includes(input.email),
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: invite ? invite.role : 'ADMIN',
        title: input.title,
        company: input.company,
        industry: input.industry,
        location: input.location,
        emailConfirmedAt: invite ? new Date() : null,
      })
      .returning();
    if (invite) {
      await notifyTeammateJoined(tx, user!.id);
      return { tokens: await startSession(tx, context.keys, user!) };
    }
    return { emailId: await queueConfirmation(tx, context, user!) };
  });
  if ('tokens' in outcome) return outcome.tokens;
  await dispatchEmails(context.queue, context.database.db, [outcome.emailId]);
  return undefined;
}

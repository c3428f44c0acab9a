import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { checkCode, CODE_MINUTES, issueCode } from '../../auth/codes.js';
import { hashPassword, passwordProblem } from '../../auth/passwords.js';
import { revokeApiTokens } from '../../auth/api-tokens.js';
import { endAllSessions, startSession } from '../../auth/sessions.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails, queueEmail } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';

/** Emails a reset code when the address has a user; the caller always gets the same answer. */
export async function requestReset(context: AuthContext, email: string): Promise<void> {
  const { db } = context.database;
  const emailId = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    // An address without an account gets a code too, never sent: guesses at it then count and
    // run out exactly as for a real account, so the answers tell nobody which addresses exist.
    if (!user) {
      await issueCode(tx, context.keys, 'reset', unknownSubject(email));
      return undefined;
    }
    const code = await issueCode(tx, context.keys, 'reset', user.id);
    return queueEmail(tx, user.email, 'reset-code', { firstName: user.firstName, code, minutes: CODE_MINUTES }, { publicUrl: context.config.publicUrl });
  });
  if (emailId) await dispatchEmails(context.queue, context.database.db, [emailId]);
}

/**
 * Sets a new password with the emailed code, ends every other session, signs in, and tells the
 * owner by email. The code proves the mailbox, so an unconfirmed address becomes confirmed.
 */
export async function resetWithCode(context: AuthContext, email: string, code: string, password: string): Promise<TTokenPair> {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(400, ErrorCode.validationFailed, problem, { password: [problem] });
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const check = await checkCode(db, context.keys, 'reset', user ? user.id : unknownSubject(email), code);
  if (!user) throw new AppError(400, check === 'exhausted' ? 'code_attempts_exceeded' : 'code_invalid', check === 'exhausted' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.codeInvalid, { code: [check === 'exhausted' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.codeInvalid] });
  if (check === 'exhausted') throw new AppError(400, 'code_attempts_exceeded', AUTH_MESSAGES.codeAttemptsExceeded, { code: [AUTH_MESSAGES.codeAttemptsExceeded] });
  if (check === 'invalid') throw new AppError(400, 'code_invalid', AUTH_MESSAGES.codeInvalid, { code: [AUTH_MESSAGES.codeInvalid] });
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()`, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    await revokeApiTokens(tx, user.id);
    const tokens = await startSession(tx, context.keys, user);
    const emailId = await queueEmail(tx, user.email, 'password-changed', { firstName: user.firstName, when: new Date() }, { publicUrl: context.config.publicUrl });
    return { tokens, emailId };
  });
  await dispatchEmails(context.queue, context.database.db, [result.emailId]);
  return result.tokens;
}

/** The subject of a reset code for an address no account has (never a user id: those are UUIDs). */
const unknownSubject = (email: string) => `no-account|${email}`;

import { and, desc, eq, gt, isNull, like, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { checkCode, CODE_MINUTES, consumeCodes, issueCode, verifyCode, type CodeCheck } from '../../auth/codes.js';
import { hashPassword, passwordProblem } from '../../auth/passwords.js';
import { revokeApiTokens } from '../../auth/api-tokens.js';
import { endAllSessions, startSession } from '../../auth/sessions.js';
import { oneTimeCodes, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails, queueEmail } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';

async function userById(context: AuthContext, userId: string) {
  const [user] = await context.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  return user;
}

/** Refuses with every wrong code's field; the code of the first decides the answer's code. */
function refuseAll(wrong: (readonly [field: string, check: Exclude<CodeCheck, 'ok'>])[]): never {
  const message = (check: Exclude<CodeCheck, 'ok'>) => (check === 'exhausted' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.codeInvalid);
  const first = wrong[0]![1];
  throw new AppError(400, first === 'exhausted' ? 'code_attempts_exceeded' : 'code_invalid', message(first), Object.fromEntries(wrong.map(([field, check]) => [field, [message(check)]])));
}

function refuse(check: Exclude<CodeCheck, 'ok'>, field: string): never {
  const message = check === 'exhausted' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.codeInvalid;
  throw new AppError(400, check === 'exhausted' ? 'code_attempts_exceeded' : 'code_invalid', message, { [field]: [message] });
}

/** POST /me/password/: a code to the user's address proves the request before the change. */
export async function requestPasswordChange(context: AuthContext, userId: string): Promise<void> {
  const user = await userById(context, userId);
  const emailId = await context.database.db.transaction(async (tx) => {
    const code = await issueCode(tx, context.keys, 'password-change', user.id);
    return queueEmail(tx, user.email, 'password-change-code', { firstName: user.firstName, code, minutes: CODE_MINUTES }, { publicUrl: context.config.publicUrl });
  });
  await dispatchEmails(context.queue, context.database.db, [emailId]);
}

/** POST /me/password/confirm/: sets the password, ends every session, returns a fresh one. */
export async function confirmPasswordChange(context: AuthContext, userId: string, code: string, password: string): Promise<TTokenPair> {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(400, ErrorCode.validationFailed, problem, { password: [problem] });
  const user = await userById(context, userId);
  const check = await checkCode(context.database.db, context.keys, 'password-change', user.id, code);
  if (check !== 'ok') refuse(check, 'code');
  const passwordHash = await hashPassword(password);
  const result = await context.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    await revokeApiTokens(tx, user.id);
    const tokens = await startSession(tx, context.keys, user);
    const emailId = await queueEmail(tx, user.email, 'password-changed', { firstName: user.firstName, when: new Date() }, { publicUrl: context.config.publicUrl });
    return { tokens, emailId };
  });
  await dispatchEmails(context.queue, context.database.db, [result.emailId]);
  return result.tokens;
}

// The new address travels in the subject of its code: `<user id>|<new address>`.
const pendingSubject = (userId: string, newEmail: string) => `${userId}|${newEmail}`;

/** POST /me/email/: one code to the current address (approval), one to the new (ownership). */
export async function requestEmailChange(context: AuthContext, userId: string, newEmail: string): Promise<void> {
  const user = await userById(context, userId);
  if (newEmail === user.email) throw new AppError(400, 'email_same', ACCOUNT_MESSAGES.emailSame, { new_email: [ACCOUNT_MESSAGES.emailSame] });
  const { db } = context.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw new AppError(400, 'email_taken', ACCOUNT_MESSAGES.emailTaken, { new_email: [ACCOUNT_MESSAGES.emailTaken] });
  const { publicUrl } = context.config;
  const ids = await db.transaction(async (tx) => {
    // A new request replaces any earlier pending change.
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.purpose, 'email-change-new'), like(oneTimeCodes.subject, `${user.id}|%`), isNull(oneTimeCodes.consumedAt)));
    const oldCode = await issueCode(tx, context.keys, 'email-change-old', user.id);
    const newCode = await issueCode(tx, context.keys, 'email-change-new', pendingSubject(user.id, newEmail));
    const common = { firstName: user.firstName, minutes: CODE_MINUTES, newEmail };
    return Promise.all([
      queueEmail(tx, user.email, 'email-change-code', { ...common, code: oldCode, side: 'old' }, { publicUrl }),
      queueEmail(tx, newEmail, 'email-change-code', { ...common, code: newCode, side: 'new' }, { publicUrl }),
    ]);
  });
  await dispatchEmails(context.queue, context.database.db, ids);
}

/** POST /me/confirm/: both codes right, and the new address still free, then it is the user's. */
export async function confirmEmailChange(context: AuthContext, userId: string, oldCode: string, newCode: string): Promise<string> {
  const user = await userById(context, userId);
  const { db } = context.database;
  const [pending] = await db
    .select({ subject: oneTimeCodes.subject })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, 'email-change-new'), like(oneTimeCodes.subject, `${user.id}|%`), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!pending) throw new AppError(400, 'no_pending_change', ACCOUNT_MESSAGES.noPendingChange);
  const newEmail = pending.subject.slice(user.id.length + 1);
  // Both codes are checked before either is used: a mistyped one costs an attempt of that code
  // only, and the right one stays good for the next try.
  const oldCheck = await verifyCode(db, context.keys, 'email-change-old', user.id, oldCode);
  const newCheck = await verifyCode(db, context.keys, 'email-change-new', pending.subject, newCode);
  if (oldCheck.check !== 'ok' || newCheck.check !== 'ok') {
    const wrong = [...(oldCheck.check !== 'ok' ? [['old_email_code', oldCheck.check] as const] : []), ...(newCheck.check !== 'ok' ? [['new_email_code', newCheck.check] as const] : [])];
    refuseAll(wrong);
  }
  try {
    await db.transaction(async (tx) => {
      if (!(await consumeCodes(tx, [oldCheck.id, newCheck.id]))) throw new AppError(400, 'code_invalid', AUTH_MESSAGES.codeInvalid, { old_email_code: [AUTH_MESSAGES.codeInvalid] });
      await tx.update(users).set({ email: newEmail, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The unique index: someone took the address between request and confirmation.
    throw new AppError(400, 'email_taken', ACCOUNT_MESSAGES.emailTaken, { new_email: [ACCOUNT_MESSAGES.emailTaken] });
  }
  return newEmail;
}

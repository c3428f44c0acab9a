import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth.js';
import { checkCode, consumeLinkToken } from '../../auth/codes.js';
import { startSession } from '../../auth/sessions.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';
import { decodeUid, queueConfirmation } from './send-confirmation.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Confirms by link. An expired link sends a new one and says so. */
export async function confirmByLink(context: AuthContext, uidb64: string, token: string): Promise<TTokenPair> {
  const userId = decodeUid(uidb64);
  if (!UUID.test(userId)) throw new AppError(400, 'link_invalid', AUTH_MESSAGES.linkInvalid);
  const { db } = context.database;
  const result = await db.transaction(async (tx) => {
    const check = await consumeLinkToken(tx, 'email-confirm-link', token);
    if (check.status === 'invalid' || check.subject !== userId) return { kind: 'invalid' as const };
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return { kind: 'invalid' as const };
    if (check.status === 'expired') return { kind: 'expired' as const, emailId: await queueConfirmation(tx, context, user) };
    await tx.update(users).set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` }).where(eq(users.id, user.id));
    return { kind: 'ok' as const, tokens: await startSession(tx, context.keys, user) };
  });
  if (result.kind === 'expired') {
    await dispatchEmails(context.queue, context.database.db, [result.emailId]);
    throw new AppError(400, 'link_expired', AUTH_MESSAGES.linkExpired);
  }
  if (result.kind === 'invalid') throw new AppError(400, 'link_invalid', AUTH_MESSAGES.linkInvalid);
  return result.tokens;
}

/** Confirms by the 6-digit code from the same email. */
export async function confirmByCode(context: AuthContext, email: string, code: string): Promise<TTokenPair> {
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailConfirmedAt) throw new AppError(400, 'code_invalid', AUTH_MESSAGES.codeInvalid, { code: [AUTH_MESSAGES.codeInvalid] });
  const check = await checkCode(db, context.keys, 'email-confirm', user.id, code);
  if (check === 'exhausted') throw new AppError(400, 'code_attempts_exceeded', AUTH_MESSAGES.codeAttemptsExceeded, { code: [AUTH_MESSAGES.codeAttemptsExceeded] });
  if (check === 'invalid') throw new AppError(400, 'code_invalid', AUTH_MESSAGES.codeInvalid, { code: [AUTH_MESSAGES.codeInvalid] });
  return db.transaction(async (tx) => {
    await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt)));
    return startSession(tx, context.keys, user);
  });
}

/** Sends a new confirmation when the address belongs to an unconfirmed user; silent otherwise. */
export async function resendConfirmation(context: AuthContext, email: string): Promise<void> {
  const { db } = context.database;
  const emailId = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user || user.emailConfirmedAt) return undefined;
    return queueConfirmation(tx, context, user);
  });
  if (emailId) await dispatchEmails(context.queue, context.database.db, [emailId]);
}

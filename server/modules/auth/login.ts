import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth.js';
import { verifyPassword } from '../../auth/passwords.js';
import { startSession } from '../../auth/sessions.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AuthContext } from './context.js';
import { resendConfirmation } from './confirm-email.js';

/** Email and password. The same answer for an unknown address and a wrong password. */
export async function login(context: AuthContext, email: string, password: string): Promise<TTokenPair> {
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  if (!user.emailConfirmedAt) {
    // Only someone who knows the password learns the account is unconfirmed; help them finish.
    await resendConfirmation(context, email);
    throw new AppError(403, 'email_not_confirmed', AUTH_MESSAGES.emailNotConfirmed);
  }
  return db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    return startSession(tx, context.keys, user);
  });
}

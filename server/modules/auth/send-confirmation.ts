import { issueCode, issueLinkToken, CODE_MINUTES, LINK_MINUTES } from '../../auth/codes.js';
import type { DbOrTx } from '../../db/client.js';
import { queueEmail } from '../../mail/outbox.js';
import type { AuthContext } from './context.js';

/** uidb64 in the link: the user id, base64url. */
export const encodeUid = (userId: string) => Buffer.from(userId).toString('base64url');
export const decodeUid = (uidb64: string) => Buffer.from(uidb64, 'base64url').toString('utf8');

/** Queues the confirmation email (link and code) for a user; returns the outbox id. */
export async function queueConfirmation(db: DbOrTx, context: AuthContext, user: { id: string; email: string; firstName: string }): Promise<string | null> {
  const token = await issueLinkToken(db, 'email-confirm-link', user.id);
  const code = await issueCode(db, context.keys, 'email-confirm', user.id);
  const link = `${context.config.publicUrl}/confirm-email?uid=${encodeUid(user.id)}&token=${token}`;
  return queueEmail(db, user.email, 'confirm-email', { firstName: user.firstName, link, code, minutes: CODE_MINUTES, linkMinutes: LINK_MINUTES }, { publicUrl: context.config.publicUrl });
}

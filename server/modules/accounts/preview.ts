import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_ERRORS } from '../../../contract/accounts.js';
import type { TMe } from '../../../contract/auth.js';
import { audit, viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { presentMe } from '../auth/presenter.js';

/**
 * POST /a/preview/{user_id}/: the client calls this when an admin starts previewing a user of
 * their account (or a superuser starts impersonating anyone). It checks the caller may view that
 * user (viewedUserId: an ADMIN who is not a superuser, in an account of more than one user, and
 * the user in the same account; or a superuser), writes one audit row, and answers the user's
 * profile. Later calls carry user_id and stay read-only for the admin.
 */
export async function startPreview(database: Database, request: FastifyRequest, userId: string): Promise<TMe> {
  if (userId === request.auth!.userId) throw new AppError(400, 'preview_self', ACCOUNT_ERRORS.previewSelf);
  const target = await viewedUserId(database, request, userId, 'read', { audited: false });
  const profile = await presentMe(database.db, target);
  if (!profile) throw new AppError(404, 'not_found', ACCOUNT_ERRORS.userNotFound);
  const [caller] = await database.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, request.auth!.userId));
  await audit(database, request, target, caller?.isSuperuser ? 'impersonation_start' : 'preview_start', { email: profile.email });
  return profile;
}

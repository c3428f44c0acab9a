import { and, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES } from '../../contract/api-tokens.js';
import { ErrorCode } from '../../contract/errors.js';
import type { Database } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';

export type ViewAccess = 'read' | 'write';

/** What these checks read of a call: an HTTP request, or an MCP tool call made with a token (modules/mcp). */
export type Caller = Pick<FastifyRequest, 'auth' | 'method' | 'url' | 'ip'>;

/**
 * Whose data a user-scoped call reads or changes: the caller, or, when `user_id` names someone
 * else, that user. Who may ask:
 * - a superuser: any user, to read and to act (impersonation);
 * - an ADMIN who is not a superuser, in an account of more than one user: the users of their own
 *   account, read-only (the admin preview);
 * - anyone else: 403. A user that does not exist, or that the caller may not see, is 404 for an
 *   admin (another account's user ids are not confirmed) and 404 for a superuser.
 * Every call made as another user is written to the audit log with both identities: a change as
 * `act_as_user`, a read as `view_as_user` (and where a preview or impersonation starts: `auditView`).
 */
export async function viewedUserId(database: Database, request: Caller, requested: string | undefined, access: ViewAccess = defaultAccess(request), options: { audited?: boolean } = {}): Promise<string> {
  const caller = request.auth!.userId;
  if (!requested || requested === caller) return caller;
  const token = request.auth!.apiToken;
  if (token && !token.scopes.includes('inspection')) throw new AppError(403, ErrorCode.apiTokenScope, API_TOKEN_MESSAGES.actingForOthers);
  const [me] = await database.db.select({ isSuperuser: users.isSuperuser, role: users.role, accountId: users.accountId }).from(users).where(eq(users.id, caller));
  if (!me) throw new AppError(401, ErrorCode.unauthorized, 'Authentication credentials were not provided.');
  const [target] = await database.db.select({ id: users.id, accountId: users.accountId }).from(users).where(eq(users.id, requested));
  if (me.isSuperuser) {
    if (!target) throw new AppError(404, ErrorCode.notFound, 'User not found.');
  } else {
    if (me.role !== 'ADMIN' || !(await canPreview(database, me.accountId))) throw new AppError(403, ErrorCode.forbidden, 'You do not have permission to act for another user.');
    if (!target || target.accountId !== me.accountId) throw new AppError(404, ErrorCode.notFound, 'User not found.');
    if (access === 'write') throw new AppError(403, ErrorCode.forbidden, 'Previewing is read-only.');
  }
  // Every call made as another user is on the record, the reads as well as the changes.
  // (A caller that writes a row of its own, as the start of a preview does, says `audited: false`.)
  if (options.audited !== false) await audit(database, request, target.id, access === 'write' ? 'act_as_user' : 'view_as_user');
  return target.id;
}

/** Reads are GET and HEAD; everything else changes something. */
function defaultAccess(request: Caller): ViewAccess {
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/** An admin may preview the users of an account that has more than one user. */
export async function canPreview(database: Database, accountId: string): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  return (row?.n ?? 0) > 1;
}

/** Writes one audit row for the caller acting on (or starting to view) `subjectUserId`. */
export async function audit(database: Database, request: Caller, subjectUserId: string | null, action: string, detail: Record<string, unknown> = {}): Promise<void> {
  await database.db.insert(auditLog).values({
    actorId: request.auth?.userId ?? null,
    subjectUserId,
    action,
    method: request.method,
    path: request.url.split('?')[0]!.slice(0, 500),
    detail,
    ip: request.ip,
  });
}

/** Users of the caller's account (admin preview) or everyone (superuser), for a selector. */
export async function sameAccount(database: Database, callerId: string, otherId: string): Promise<boolean> {
  const [caller] = await database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, callerId));
  if (!caller) return false;
  const [other] = await database.db.select({ id: users.id }).from(users).where(and(eq(users.id, otherId), eq(users.accountId, caller.accountId)));
  return Boolean(other);
}

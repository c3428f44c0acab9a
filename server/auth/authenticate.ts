import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../http/errors.js';
import { verifyAccessToken, type AccessClaims } from './jwt.js';
import { sessionActive } from './sessions.js';
import type { AuthKeys } from './secrets.js';
import { isOperatorToken } from './operator-token.js';
import { authenticateApiToken, isApiToken } from './api-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

/**
 * A preHandler that admits only requests with a valid access token of a session still open (a
 * logout, a password reset or change ends its tokens at once, not when they expire), or a personal
 * API token whose scopes admit the call (api-tokens.ts), and sets `request.auth`.
 */
export function requireAuth(keys: AuthKeys, database: Database, options: { superuserCall?: boolean } = {}) {
  return async (request: FastifyRequest, reply?: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError(401, ErrorCode.unauthorized, 'Authentication credentials were not provided.');
    if (isApiToken(match[1]!)) {
      request.auth = await authenticateApiToken(database, request, reply, match[1]!, options.superuserCall ?? false);
      return;
    }
    const claims = await verifyAccessToken(keys, match[1]!);
    if (!claims || (claims.sessionId && !(await sessionActive(database.db, claims.sessionId)))) {
      throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
    }
    request.auth = claims;
  };
}

/** A preHandler for superuser-only calls: a valid token (401 otherwise) of a superuser (403 otherwise). */
export function requireSuperuser(keys: AuthKeys, database: Database) {
  const authenticated = requireAuth(keys, database, { superuserCall: true });
  return async (request: FastifyRequest, reply?: FastifyReply) => {
    await authenticated(request, reply);
    const [user] = await database.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, request.auth!.userId));
    if (!user?.isSuperuser) throw new AppError(403, ErrorCode.forbidden, 'You do not have permission to perform this action.');
  };
}

/**
 * Superusers, or the local operator token of this install (operator-token.ts: the sources
 * command line asking the running server). A request admitted by the token has no `request.auth`.
 */
export function requireOperator(keys: AuthKeys, database: Database, operatorToken: string | undefined) {
  const superuser = requireSuperuser(keys, database);
  return async (request: FastifyRequest, reply?: FastifyReply) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented && isOperatorToken(presented, operatorToken)) return;
    await superuser(request, reply);
  };
}
